// svcconf prints the configuration it reads on stdin (JSON) the way services commonly log it:
// fmt verbs, encoding/json, the log package, and net/http/httputil's request dumps.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"net/http/httputil"
	"os"
)

type Database struct {
	Host     string
	Port     int
	User     string
	Password string
	Name     string
}

type Person struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Phone   string `json:"phone,omitempty"`
	Street  string `json:"street,omitempty"`
	City    string `json:"city,omitempty"`
	IBAN    string `json:"iban,omitempty"`
	Card    string `json:"card,omitempty"`
	SSN     string `json:"ssn,omitempty"`
	Premium bool   `json:"premium"`
}

type Config struct {
	Service  string            `json:"service"`
	Env      string            `json:"env"`
	Debug    bool              `json:"debug"`
	DB       Database          `json:"db"`
	APIKey   string            `json:"api_key,omitempty"`
	Secrets  map[string]string `json:"secrets,omitempty"`
	Tags     []string          `json:"tags,omitempty"`
	Owner    *Person           `json:"owner,omitempty"`
	People   []Person          `json:"people,omitempty"`
	DSN      string            `json:"dsn,omitempty"`
	Method   string            `json:"method,omitempty"`
	URL      string            `json:"url,omitempty"`
	Headers  [][2]string       `json:"headers,omitempty"`
	Body     string            `json:"body,omitempty"`
	Messages []string          `json:"messages,omitempty"`
}

func main() {
	var c Config
	if err := json.NewDecoder(os.Stdin).Decode(&c); err != nil {
		log.Fatalf("decode config: %v", err)
	}
	log.SetFlags(log.LstdFlags)
	switch os.Args[1] {
	case "v":
		fmt.Printf("loaded config: %v\n", c)
	case "+v":
		fmt.Printf("config: %+v\n", c)
	case "#v":
		fmt.Printf("%#v\n", c)
	case "ptr":
		fmt.Printf("%+v\n", &c)
		if c.Owner != nil {
			fmt.Printf("owner: %+v\n", *c.Owner)
		}
		for _, p := range c.People {
			fmt.Printf("person %+v\n", p)
		}
	case "json":
		out, _ := json.MarshalIndent(c, "", "  ")
		fmt.Println(string(out))
	case "json-line":
		out, _ := json.Marshal(c)
		log.Printf("effective config %s", out)
	case "log":
		log.Printf("starting %s (env=%s)", c.Service, c.Env)
		for _, m := range c.Messages {
			log.Print(m)
		}
		if c.DSN != "" {
			log.Fatalf("open %s: dial tcp 10.20.0.15:5432: connect: connection refused", c.DSN)
		}
	case "dump":
		req, err := http.NewRequest(c.Method, c.URL, bytes.NewBufferString(c.Body))
		if err != nil {
			log.Fatal(err)
		}
		for _, h := range c.Headers {
			req.Header.Set(h[0], h[1])
		}
		out, err := httputil.DumpRequestOut(req, c.Body != "")
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s\n", out)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			log.Fatal(err)
		}
		defer resp.Body.Close()
		rout, _ := httputil.DumpResponse(resp, true)
		fmt.Printf("%s\n", rout)
	default:
		log.Fatalf("unknown mode %q", os.Args[1])
	}
}
