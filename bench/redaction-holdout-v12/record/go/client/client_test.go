package client

import (
	"os"
	"testing"
)

func TestAuthHeader(t *testing.T) {
	want := os.Getenv("WANT_AUTH")
	if got := AuthHeader(); got != want {
		t.Errorf("AuthHeader() = %q, want %q", got, want)
	}
}

func TestConnString(t *testing.T) {
	want := os.Getenv("WANT_DSN")
	got := ConnString()
	t.Logf("conn string: %s", got)
	if got != want {
		t.Fatalf("ConnString() mismatch:\n got: %s\nwant: %s", got, want)
	}
}
