"""Line-protocol stand-ins on 127.0.0.1 for the mail clients: an IMAP, a POP3 and an SMTP server
that greet, answer capabilities and refuse every login (after reading the client's credentials,
so the client prints what it sends); the SMTP one accepts mail without a login, for the clean
sessions. Each is started once per recording by the harness (`serve_lines`) and stopped with it."""

import socketserver


class Lines(socketserver.StreamRequestHandler):
    def say(self, line):
        self.wfile.write((line + "\r\n").encode())

    def lines(self):
        for raw in self.rfile:
            yield raw.decode("utf-8", "replace").rstrip("\r\n")


class Imap(Lines):
    def handle(self):
        greeting = self.server.state.get("greeting", "* OK [CAPABILITY IMAP4rev1 AUTH=PLAIN] mail.example.test IMAP ready")
        self.say(greeting)
        if greeting.startswith("* BYE"):
            return
        for line in self.lines():
            parts = line.split(" ", 2)
            if len(parts) < 2:
                continue
            tag, cmd = parts[0], parts[1].upper()
            if cmd == "CAPABILITY":
                self.say("* CAPABILITY IMAP4rev1 AUTH=PLAIN")
                self.say(f"{tag} OK CAPABILITY completed")
            elif cmd == "AUTHENTICATE":
                if len(parts) == 2 or " " not in parts[2]:
                    self.say("+ ")
                    self.rfile.readline()
                self.say(f"{tag} NO [AUTHENTICATIONFAILED] Invalid credentials")
            elif cmd == "LOGIN":
                self.say(f"{tag} NO [AUTHENTICATIONFAILED] Invalid credentials")
            elif cmd == "LOGOUT":
                self.say("* BYE logging out")
                self.say(f"{tag} OK LOGOUT completed")
                return
            else:
                self.say(f"{tag} BAD not authenticated")


class Pop3(Lines):
    def handle(self):
        self.say("+OK POP3 server ready <4242.1764320400@mail.example.test>")
        for line in self.lines():
            cmd = line.split(" ")[0].upper()
            if cmd == "CAPA":
                self.say("+OK Capability list follows")
                self.say("USER")
                self.say("SASL PLAIN")
                self.say(".")
            elif cmd == "USER":
                self.say("+OK send PASS")
            elif cmd in ("PASS", "APOP"):
                self.say("-ERR [AUTH] Authentication failed")
            elif cmd == "AUTH":
                self.say("+ ")
                self.rfile.readline()
                self.say("-ERR [AUTH] Authentication failed")
            elif cmd == "QUIT":
                self.say("+OK bye")
                return
            else:
                self.say("-ERR not authenticated")


class Smtp(Lines):
    def handle(self):
        self.say("220 mail.example.test ESMTP ready")
        for line in self.lines():
            parts = line.split(" ")
            cmd = parts[0].upper()
            if cmd == "EHLO":
                self.say("250-mail.example.test")
                self.say("250-AUTH PLAIN LOGIN")
                self.say("250-SIZE 35882577")
                self.say("250 8BITMIME")
            elif cmd == "HELO":
                self.say("250 mail.example.test")
            elif cmd == "AUTH":
                mech = parts[1].upper() if len(parts) > 1 else ""
                if mech == "LOGIN":
                    self.say("334 VXNlcm5hbWU6")
                    self.rfile.readline()
                    self.say("334 UGFzc3dvcmQ6")
                    self.rfile.readline()
                elif len(parts) == 2:
                    self.say("334 ")
                    self.rfile.readline()
                self.say("535 5.7.8 Authentication credentials invalid")
            elif cmd in ("MAIL", "RCPT", "RSET", "NOOP"):
                self.say("250 2.1.0 Ok")
            elif cmd == "DATA":
                self.say("354 End data with <CR><LF>.<CR><LF>")
                for body in self.lines():
                    if body == ".":
                        break
                self.say("250 2.0.0 Ok: queued as 4FQX2K1mVbz9tP")
            elif cmd == "QUIT":
                self.say("221 2.0.0 Bye")
                return
            else:
                self.say("502 5.5.2 Error: command not recognized")


def imap(h, greeting=None):
    key = "imap_bye" if greeting else "imap"
    if key not in h.servers:
        h.servers[key], _ = h.serve_lines(Imap, 143, **({"greeting": greeting} if greeting else {}))
    return h.servers[key]


def pop3(h):
    if "pop3" not in h.servers:
        h.servers["pop3"], _ = h.serve_lines(Pop3, 110)
    return h.servers["pop3"]


def smtp(h):
    if "smtp" not in h.servers:
        h.servers["smtp"], _ = h.serve_lines(Smtp, 587)
    return h.servers["smtp"]
