// Package client builds the headers a service client sends.
package client

import (
	"encoding/base64"
	"os"
	"strings"
)

// AuthHeader is what the client sends for the configured credentials.
func AuthHeader() string {
	if tok := os.Getenv("SVC_TOKEN"); tok != "" {
		return "Bearer " + tok
	}
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(os.Getenv("SVC_USER")+":"+os.Getenv("SVC_PASSWORD")))
}

// ConnString is the connection string handed to the driver.
func ConnString() string {
	return strings.TrimSpace(os.Getenv("SVC_DSN"))
}
