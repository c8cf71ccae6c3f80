-- config.lua: every credential is read at start-up, none is written here
local secrets = require("secrets")
local prefix = os.getenv("APP_PREFIX") or "app"
local pw = os.getenv("CACHE_PASSWORD") or ""

return {
  db = {
    host = "db.internal",
    user = "report_ro",
    password = secrets:get "db/report_ro",
  },
  cache = {
    password = #pw > 0 and pw or nil,
    key_prefix = prefix .. ":cache",
  },
  queue = {
    token = secrets:get { path = "queue/token" },
    password = prefix .. "-" .. secrets.queue_suffix,
  },
  mail = {
    password = os.getenv "SMTP_PASSWORD",
    secret = secrets.mail.secret,
  },
}
