/**
 * Chat, e-mail, push and social APIs: Slack (incl. browser session tokens), Discord, Telegram, Teams, Twilio, SendGrid, Mailgun,
 * Mailchimp, Brevo, Firebase Cloud Messaging, Facebook, X/Twitter.
 */
import { matchesAt } from '../../anchored.js';
import type { Rule, Span } from '../../types.js';
import { R, RD, SEP, UUID, token, prefixed, DOC, DOC_RUNS, vendorToken, namedValue, vendorPattern } from './shared.js';

/** A Discord token's first part is a run of this many base64 characters at least (DISCORD_TOKEN: `[MNO][A-Za-z0-9_-]{23,27}\.`). */
const DISCORD_TOKEN_FIRST_PART = 24;

export const MESSAGING_RULES: readonly Rule[] = [
  prefixed('klaviyo-private-key', 'Klaviyo private API key (pk_ + 34 hex; its public site id has no prefix)', 'pk_', String.raw`pk_[0-9a-f]{34}`, 'KLAVIYO_PRIVATE_KEY=pk_4c1f9a7e2b8d3065b1c9e4f7a2d8b3c61e'),
  vendorPattern('ably-api-key', 'Ably API key (<app id>.<key id>:<secret>): the secret after the colon', { keywords: ['ably'], entropy: 3.5 },
    /(?<![A-Za-z0-9_.-])[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{6}:(?<secret>[A-Za-z0-9_-]{30,50})(?![A-Za-z0-9_-])/,
    { match: ["const ably = new Ably.Realtime('xVLyHw.bM9q2A:Kq9Vm2Lx7Zp4Wn8Rt3Bc6Yh1Zs5Jd0Fg2Ek4Mu')"], noMatch: ['ably docs: appId.keyId:keySecret', 'ABLY_KEY=${ABLY_KEY}'] }),
  vendorToken('slack-bot-token', 'Slack bot token (xoxb-)', { keywords: ['xoxb-'], body: String.raw`xoxb-\d{8,14}-(?:\d{8,14}-)?[A-Za-z0-9]{18,34}${RD}`, entropy: 3 },
    { match: ['SLACK_BOT_TOKEN=xoxb-202828659320-0020309154547-LcNfQmK8Ug1TbRRHwVtY4GAY', 'curl -H "Authorization: Bearer xoxb-80381750734-mv6j9jDQAI3u9A953EGfJATy" https://slack.com/api/auth.test'], noMatch: ['xoxb-937021475409', 'xoxb-your-token-here', 'xoxo, Alice'] }),
  vendorToken('slack-user-token', 'Slack user token (xoxp-)', { keywords: ['xoxp-'], body: String.raw`xoxp-\d{8,14}-\d{8,14}-\d{8,14}-[A-Za-z0-9]{28,34}${RD}`, entropy: 3 },
    { match: ['SLACK_USER_TOKEN=xoxp-095584974182-982315691185-1861597888983-d39b574e166e27f8f331ef83406ecaa4', '{\\"access_token\\":\\"xoxp-02920144513-43926932557-8056171266718-a5261a4664257b44f37491bb9e9d6554\\"}'], noMatch: ['xoxp-947280603640-885488220595', 'xoxp-xxxxxxxxxx-xxxxxxxxxx-xxxxxxxxxxxxx-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'] }),
  vendorToken('slack-legacy-token', 'Slack legacy workspace, app or session token (xoxa-/xoxr-/xoxs-)', { keywords: ['xoxa-', 'xoxr-', 'xoxs-'], body: String.raw`xox[ars]-(?:\d-)?[A-Za-z0-9]{8,48}(?:-[A-Za-z0-9]{1,64}){0,5}${RD}`, entropy: 3 },
    { match: ['SLACK_TOKEN=xoxa-2-907018512170-429325794686-856915980721-1194ad528d6efbf4bae149324497e191a6c48875811521b479e4af0c5ef3f373', 'token: xoxs-2268027409-87454259185-441321208706-a24e6e0927'], noMatch: ['xoxo-gossip-girl', 'xoxa-6M9m'] }),
  vendorToken('slack-config-token', 'Slack configuration access or refresh token (xoxe.xoxp-/xoxe.xoxb-/xoxe-)', { keywords: ['xoxe'], body: String.raw`xoxe(?:\.xox[bp])?-\d-[A-Za-z0-9]{100,200}${RD}`, entropy: 3.5 },
    { match: ['SLACK_CONFIG_TOKEN=xoxe.xoxp-1-wmAnDehNFFr4K9GqlOnfciQJdY2UbOC9QB5PbaXfc7Lg2LyX3NiV9PWFN5VLrJen71NQZAjXodP4mJCn0SLhH6PbD5ADldD5CjyBe0Z5qobShvsqGb2kAdsmV89r24BPnRbwjZld1Trhj4gtXpvdV2P0VMwlKvhpHn2', '"refresh_token": "xoxe-1-1iIkYs6Kjhn5KaSfqv4sHFurKsYfC01DO3icOqX76KddIpFlweOU2J1Mmz07ZSHc6J6TggJgVaI3DzSdIChsRzB4w74TYjUdCRjjzhhlhi5W6BwZFBZvbuypjGRxrEzvXRez0MTsCEk9LDjlUS"'], noMatch: ['xoxe-1-gE1zsHmD42kF4T7ZX9fu', 'xoxe tokens rotate'] }),
  vendorToken('slack-client-token', 'Slack web client (browser session) token (xoxc- + three numeric ids + a random tail); it acts as the signed-in user together with the d cookie', { keywords: ['xoxc-'], body: String.raw`xoxc-\d{8,14}-\d{8,14}-\d{8,14}-[A-Za-z0-9]{32,80}${RD}`, entropy: 3 },
    { match: ['SLACK_MCP_XOXC_TOKEN=xoxc-7401938265-8193746502817-8273645190283-4b9e2d7f1a3c5e8b0d6f2a4c8e1b3d5f7a9c0e2b4d6f8a1c3e5b7d9f0a2c4e6f', 'the token from localConfig_v2 is xoxc-2918374650-5029384756102-6019283746501-c3e5b7d9f0a2c4e6f8a1b3d5f7a9c0e24b9e2d7f1a3c5e8b0d6f2a4c8e1b3d5f.', 'wss://wss-primary.slack.com/?token=xoxc-2918374650-5029384756102-6019283746501-9f0a2c4e6f8a1b3d5f7a9c0e24b9e2d7f1a3c5e8b0d6f2a4c8e1b3d5fc3e5b7d'], noMatch: ['xoxc-2918374650-5029384756102', 'export SLACK_TOKEN="xoxc-..."', 'xoxc-xxxxxxxxxx-xxxxxxxxxxxxx-xxxxxxxxxxxxx-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'] }),
  vendorToken('slack-session-cookie', "Slack browser session cookie `d` (xoxd- + its URL-encoded base64 value), long-lived; with it a client token can be minted", { keywords: ['xoxd-'], body: String.raw`xoxd-[A-Za-z0-9%+/_-]{40,600}(?:={1,3}(?![A-Za-z0-9%+=_-])|(?![A-Za-z0-9%+/=_-]))`, entropy: 3.5 },
    { match: ['curl -H "Cookie: d=xoxd-Qm7vT2kLx9Pz4Wn8Hx4kV9mQ2tLz7Rp3Ka6Yb1Nc5Df8Gh0Jk%2FLm2Np4Qr6St8Uv0Wx3Yz5Ab7Cd9Ef1Gh3Jk5Lm7Np9Qr2St4Uv6Wx8Yz0Ab2Cd%2BEf4Gh6Jk8Lm%3D%3D; d-s=1700000000" https://acme.slack.com/api/auth.test', '{\\"cookie\\": \\"xoxd-bR4tY7uI9oP2aS5dF8gH1jK3lZ6xC0vB4nM7qW9eR2tY5uI8oP1aS3dF6gH9jK2lZ4xC7vB0nM3qW6eR8t==\\"}'], noMatch: ['export SLACK_MCP_XOXD_TOKEN="xoxd-..."', 'xoxd-bR4tY7uI9oP2aS5d', 'xoxd-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'] }),
  vendorToken('slack-app-token', 'Slack app-level token (xapp-)', { keywords: ['xapp-'], body: String.raw`xapp-\d-[A-Za-z0-9]{8,14}-\d{8,16}-[A-Za-z0-9]{32,80}${RD}`, entropy: 3 },
    { match: ['SLACK_APP_TOKEN=xapp-1-A8VA98MJEY0-9661651475130-fb3f66bd952c2e3e3e60ec6e4faa11d0888dabd964f8ef5b18a93cdb3aff7c37', 'app_token: "xapp-1-ADCXHI8JR3S-0766473129040-1c931c56c9d0d83356b201b93d0b7abdc78396418fa9d5333df641bb40a0068c"'], noMatch: ['xapp-1-AISOVJ3I8QP', 'xapp-config'] }),
  vendorPattern('slack-webhook-url', 'Slack incoming webhook / workflow trigger URL (the path after hooks.slack.com; an incoming webhook\'s own path `/services/T…/B…/<24>` on any host: through a proxy, a mock, a relay)', { keywords: ['hooks.slack.com', '/services/t'] },
    new RegExp(String.raw`hooks\.slack\.com/(?:services|workflows|triggers)/(?<secret>T[A-Z0-9]{6,14}(?:/[A-Za-z0-9]{6,20}){1,2}/[A-Za-z0-9]{20,64})${R}|/services/(?<secret2>T[A-Z0-9]{8,12}/B[A-Z0-9]{8,12}/[A-Za-z0-9]{24})${R}`),
    { match: ['POST http://127.0.0.1:8080/services/T4KQ8VZ2NL/B7XW2M9PQ3R/Lq8vTz3Kx7mWp2Rn9Bc4Yh6J HTTP/1.1', 'SLACK_WEBHOOK_URL=https://hooks.slack.com/services/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', 'curl -X POST -d \'{"text":"hi"}\' https://hooks.slack.com/workflows/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'], noMatch: ['https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX', 'https://hooks.slack.com/services/'] }),
  vendorPattern('discord-bot-token', 'Discord bot token (<base64 id>.<6>.<27-38>) after a Discord name or "Bot " scheme', { keywords: ['discord', 'bot '], entropy: 4 },
    new RegExp(String.raw`(?:discord[\w .-]{0,20}?(?:token|secret|key)?[\w.-]{0,12}${SEP}|\bBot[ ]{1,3})(?<secret>[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40})${RD}`, 'i'),
    { match: ['DISCORD_TOKEN=MTCS7_H1JK1GAAahpwfZ6xyx5P.cdmMcJ.HX9MXM9En0O6mHeRJVp7rVBbk7yqu4pxRG5QNQ', 'curl -H "Authorization: Bot ODkVDvnCKs4tELcyRnOsOFeBh5.2lP5_y.tYl8bBC4Eh9cvyGEig1srlkGXRS" https://discord.com/api/v10/users/@me', 'headers: { Authorization: "Bot  Nzk2MTQ4ODM1NzQxOTQ4NDE2.Xq7LmZ.Tn4Rb8Pc2Vx7Kq9Lz3Wm5Hd1Js6Fg0" }'], noMatch: ['DISCORD_TOKEN=MTo_9RZ8XHehVRp0tUqU6V3fSh.oMih1F', 'the bot ate MTk.abc.def', 'Bot MTk4NjIy.abcdef is the id of the bot'] }),
  { ...vendorPattern('discord-bot-token-shape', 'Discord bot token anywhere (a call argument, a config value): three parts whose first is the bot id in base64', { label: 'discord-bot-token', keywords: [], validator: 'discord-token', entropy: 4 },
    discordTokenShapes,
    { match: ['bot.run("MTIzOTg3NjU0MzIxMDk4NzY1NA.Gx7pLq.Vb2Nw9Rt5Yc4Hf6Jd0Sg8Ae3Kz1Mx7Qp2Lv")', 'await client.login(`OTg3NjU0MzIxMDk4NzY1NDMyMQ.Ab3Cd9.Ef5Gh7Ij1Kl3Mn5Op7Qr9St1Uv3Wx5Yz7A`);'], noMatch: ['MTIz.abc.def', 'MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.xxxxxx.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'Qm9va3MuYW5kLm1vcmUuYm9va3M.ab12cd.Ef5Gh7Ij1Kl3Mn5Op7Qr9St1Uv3Wx5Y'] }), needsBase64Run: DISCORD_TOKEN_FIRST_PART },
  vendorPattern('discord-webhook-url', 'Discord webhook URL (the token after /api/webhooks/<id>/)', { keywords: ['discord.com/api', 'discordapp.com/api'], entropy: 4 },
    new RegExp(String.raw`discord(?:app)?\.com/api/(?:v\d{1,2}/)?webhooks/\d{17,20}/(?<secret>[A-Za-z0-9_-]{60,80})${RD}`),
    { match: ['DISCORD_WEBHOOK=https://discord.com/api/webhooks/7333068656033472658/x3E60chcpMHQ9fKv_NG7Yxyn2zZ1Ia7ecvL4TWwtvLlRBMSKYkPtoVKF8cJTNk8u3UuB', 'curl -H "Content-Type: application/json" -d \'{"content":"deploy ok"}\' https://discordapp.com/api/webhooks/794173551299562062/fGen4PsZ3tD4YP1AQ8msSJLBVYKs9IbqP_5dJ09Vu9oe1DSA_UpMEPU9_DRFHsNawez6'], noMatch: ['https://discord.com/api/webhooks/2690613129057941523', 'https://discord.com/api/webhooks/123/xxxxxxxx'] }),
  vendorPattern('telegram-bot-token', 'Telegram bot token (<bot id>:AA + 33, or any 35 characters in a /bot<id>:<token>/ API path); the part after the colon', { keywords: [':aa', '/bot'], entropy: 3.5 },
    new RegExp(String.raw`:(?<=(?:^|[^\w:]|bot|\\[nrt])\d{8,10}:)(?<secret>AA[A-Za-z0-9_-]{33})${RD}|(?<=\/bot\d{6,12}:)(?<secret2>[A-Za-z0-9_-]{35})${RD}`),
    {
      match: [
        'TELEGRAM_BOT_TOKEN=7517688096:AA66CznnTc-YJ9VMnrXxZVRlXQCImxYEJ-D',
        'curl https://api.telegram.org/bot2969023959:AAm0zdpLbTYghXThnMCZbuIYMy4As8Rs1IR/getMe',
        'requests.post(f"https://api.telegram.org/bot6022841377:Qv8xNp3LzK7mWt2RbY9cHs4JfD1gE6uAk5T/sendPhoto")',
      ],
      noMatch: ['5640113095:AAKWDCv9j_49B5', 'time 12:AAu0R1_DVMBGZHcPUj6a9JkTAfcjU3kWdGX', 'https://api.telegram.org/bot<token>/getMe', 'see /bot123456:token/'],
    }),
  {
    id: 'twilio-api-key-sid',
    type: 'secret',
    description: 'Twilio API key SID: SK + 32 lower-case hex (with its secret it signs requests; most scanners treat it as one)',
    // `sk` and a hex digit: `sk` alone is in every other word (task, disk, skip)
    keywords: [...'0123456789abcdef'].map((digit) => `sk${digit}`),
    pattern: new RegExp(String.raw`(?<![A-Za-z0-9_](?<!\\[nrt]))SK[0-9a-f]{32}${R}`),
    entropy: 3,
    allow: DOC_RUNS,
    examples: {
      match: ['TWILIO_API_KEY=SK849467b842be8985a7cc9a924da896d8', 'client = twilio.Client("SKc351dbbbb035a97f2c2d8373910b5550", os.environ["TWILIO_API_SECRET"], account_sid)', 'new AccessToken(sid, "SK3e8a1c5b7d9f2e4a6c8b0d1f3a5c7e9b", keySecret)'],
      noMatch: ['TWILIO_ACCOUNT_SID=AC12845f61f1614aae71be566f0c8c8533', 'TASK0f1ceadee96f840191072319ab7a88d6', 'SK0F1CEADEE96F840191072319AB7A88D6 is upper-case hex', 'sku SK0f1ceadee96f840191072319ab7a88'],
    },
  },
  namedValue('twilio-auth-token', 'Twilio auth token or API key secret (32 characters) after a Twilio token/secret name', { keywords: ['twilio'], name: String.raw`twilio[\w .-]{0,20}?(?:auth[_ .-]?token|token|secret)`, value: '[A-Za-z0-9]{32}', end: R, entropy: 3 },
    { match: ['TWILIO_AUTH_TOKEN=ef33a54e01fcade036b26fe6025a2b10', '{\\"twilio_api_secret\\": \\"1hMhtCORZeIFMy5xe3y0cil6rQzlqyOY\\"}'], noMatch: ['TWILIO_ACCOUNT_SID=ACbcf265c55b2115a5a5bc5312591391ef', 'TWILIO_AUTH_TOKEN=your_auth_token'] }),
  vendorToken('sendgrid-api-key', 'SendGrid API key (SG.<22>.<43>)', { keywords: ['sg.'], body: String.raw`SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}${RD}`, entropy: 3.5 },
    { match: ['SENDGRID_API_KEY=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', 'curl -H "Authorization: Bearer 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" https://api.sendgrid.com/v3/mail/send'], noMatch: ['SG.7Jz-qWtW_Ued0yPT02nlkp', 'msg.NBQeZxFDa8ecYHwivZ76AW.gq6zVhOnCrCoyVXwUtRgK1NLyVtgreCsp-V_6cvTxRX'] }),
  vendorPattern('resend-api-key', 'Resend API key (re_ + 8 characters, _ + 24 characters)', { keywords: ['re_'], keywordStarts: true, entropy: 3.5 },
    token(String.raw`re_[A-Za-z0-9]{8}_[A-Za-z0-9]{24}${R}`),
    { match: ['RESEND_API_KEY=re_Gk4Rm8Qz_2Vt7Xw1Ny5Pb9Lc3Hd6Jf0Ks', 'new Resend("re_8Hv2qT6m_LzWn8Pk3RZx82KmPq7wR4tY9")'], noMatch: ['re_compile_pattern_for_all_the_messages_x', 'more_Gk4Rm8Qz_2Vt7Xw1Ny5Pb9Lc3Hd6Jf0Ks'] }),
  vendorPattern('mailgun-api-key', 'Mailgun private API key: key- + 32 hex anywhere (a distinctive shape), or 32-8-8 hex near a Mailgun name or as api:key-', { keywords: ['mailgun', 'key-', 'api:'], entropy: 3 },
    new RegExp(String.raw`(?:mailgun[\s\S]{0,80}?|\bapi:)(?<![A-Za-z0-9_-](?<!\\[nrt]))(?<secret>key-[a-f0-9]{32}|[a-f0-9]{32}-[a-f0-9]{8}-[a-f0-9]{8})${RD}|(?<![A-Za-z0-9_-](?<!\\[nrt]))(?<secret2>key-[a-f0-9]{32})${RD}`, 'i'),
    { match: ['MAILGUN_API_KEY=key-30fb85c061da45398af10ce769f2a7cc', 'curl -s --user "api:key-e0af39da4622e9f0a5a07c2c270b1847" https://api.mailgun.net/v3/mg.acme.io/messages', 'MAILGUN_API_KEY=db6044e16ee96ff78819bd9d83c05e9d-e6396d83-a07e7bf7', "curl -s --user 'api:7d3f1a9c5e2b8d4f6a0c1e3b5d7f9a2c-4b8e1d3f-9a2c5e7b' https://api.eu.example.net/v3/mg.corp/messages"], noMatch: ['cache-key-4cbd6eef6502885b4b3f696567800036', 'MAILGUN_DOMAIN=mg.acme.io', 'api: 7d3f1a9c5e2b8d4f6a0c1e3b5d7f9a2c (a build id)'] }),
  {
    id: 'mailchimp-api-key',
    type: 'secret',
    description: 'Mailchimp API key (32 hex + -us<datacenter>)',
    keywords: ['-us'],
    keywordStarts: true,
    // Anchored on the "-us" suffix; the key is captured in a lookbehind.
    pattern: /-us\d{1,2}(?<=(?<![A-Za-z0-9_](?<!\\[nrt]))(?<secret>[a-f0-9]{32}-us\d{1,2}))(?![A-Za-z0-9_-])/,
    entropy: 3,
    allow: DOC_RUNS,
    examples: {
      match: ['MAILCHIMP_API_KEY=7568a50200db154cfbbf69a8292caa9f-us21', 'client.setConfig({ apiKey: "f2730d57707a31580c5e44657c3e7072-us6", server: "us6" })'],
      noMatch: ['locale en-us', '810a4c636139a1b3ca92-us21', 'xb63c5d0cc0247018ff4344c13a1aeb6a-us21'],
    },
  },
  vendorToken('sendinblue-api-key', 'Brevo (Sendinblue) API or SMTP key (xkeysib-/xsmtpsib- + 64 hex + 16)', { keywords: ['xkeysib-', 'xsmtpsib-'], body: String.raw`x(?:keysib|smtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16}${R}`, entropy: 3 },
    { match: ['BREVO_API_KEY=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', 'smtp_password: xsmtpsib-2001a702ca5e8bbf23448616f64285bd7f7355682e52fb1e086761a1694fbcf7-GSA8R2JJZLRhEK3M'], noMatch: ['xkeysib-b07a70959677bcf40e6f146728d76fed912ea0bf38aad9f93d4832534238bbc6', 'xkeysib-prefix'] }),
  vendorToken('facebook-access-token', 'Facebook / Meta Graph API access token (EAA… 100+ characters)', { keywords: ['eaa'], body: String.raw`EAA[A-Za-z0-9]{100,500}(?![A-Za-z0-9_+/=])`, entropy: 4 },
    { match: ['FB_PAGE_TOKEN=EAAGoykwTR07OvlEggoFaH0maVqIlo42lTNU80Ewn5EENnAPDsb1j9dxdZjt8fl8qcFSlSYjDfx2hH3Nyv5or9EZ55cnQu2Jx0Bt4dwCJfwOMQH3vXLnFb2bQUes1HbU0caK2BZZOrQxERChT52Z68aDjfZkFkfX5ksOdenCwfV5434N7RQgZRUV', 'access_token=EAABDxT1jRDTixJqtm6kDyw4T1YGZItFWmYMBDHbuKoMVHY2QxPjrlORlNbCVAtaBg0mjQFjeahiJ5BE3AnSVrKnGOZGL2elvxuhYQBtgmS5bQQlo6x6YRLeeqT3&fields=id', 'curl "https://graph.facebook.com/v19.0/me?access_token=EAAJVKmon3dfr1R3c9HL5hlCPtXeerKhJK3RzjAdRDaST0UezbkqrByg7FvVjaGSSR1m5W7F1xXcvvptzxVY22EGWprDXeQ0ZBabVMagcIOtW0grpHijU9mfqQX2ezdlL8eXfUBMcDlkwlCD9sHz1YF89w"'], noMatch: ['EAAGaYOTV0UpL3RTWm0CK6pi2Wou5rqCCrUx4PBOjR5y', 'EAA is a prefix', 'data:application/octet-stream;base64,EAABOgV3rAjbRaO80royztDCf9esMIvnorU7FX52NWVMUl2lFJtWjhPLztWUUKIhKdhaE2DVxawbFgr9Sl27SzZ5ThozaUgXRMLd52nJv9lEkVGe0Ipv4mllT3ad+iJzIT2eRHrCO3kH5+Ro+cgfRPDJ1K6Oie2gHRNnr'] }),
  vendorPattern('twitter-bearer-token', 'Twitter / X app-only bearer token (21+ A + URL-encoded base64)', { keywords: ['aaaaaaaaaaaaaaaaaaaa'], entropy: 4, allow: DOC },
    /(?<![A-Za-z0-9%+/](?<!\\[nrt]))A{20,24}[A-Za-z0-9%]{60,160}(?![A-Za-z0-9%+/=])/,
    { match: ['TWITTER_BEARER_TOKEN=AAAAAAAAAAAAAAAAAAAAASbMULcHLGz2Z%2BZZY0fYMV5WOSa2I0yHMG%3D9KljsB3KvPcU7zy6tADFRHGsVkO633zEfRas6IPyW63bWhHere', 'Authorization: Bearer AAAAAAAAAAAAAAAAAAAAAAaQT0GWytxIBX13Cw4IYfhma4ZMujlWBpSbxQgDDiBPkIiyacqAJN7XEz2UYDTActb4YkOsjjBVCR0w6MxaoSUraq2S'], noMatch: ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'data:font/woff2;base64,AAAAAAAAAAAAAAAAAAAAAAAAr/gcdlUTwXaeDJlFSONy+7CE/NqMNfm7Twvqf0WU+FEvXorvsGybo1JnR/C3zC4e+olaiaVAmFw4jCib9/WWdSR4FYhuv+ecmeqDObi6XmYXWvtUQ4g+/z6P7G'] }),
  vendorToken('firebase-fcm-server-key', 'Firebase Cloud Messaging legacy server key (AAAA…:APA91b…)', { keywords: ['apa91b'], body: String.raw`AAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{120,160}${RD}`, entropy: 4, allow: DOC },
    { match: ['FCM_SERVER_KEY=AAAAiw5W_Ca:APA91bjLDvx75J3yAjWbroSxO-tblEbxF2j8jroVM3X56-r1OtvQH51KBBKqwcIOtbJBqeyx7IECH4p--XzZAPUUhgvz43axnoUSHBJ0Z8IrpbgHHRBcJDmlSNvc1mQgAaGPEcU0fUfQ', 'curl -H "Authorization: key=AAAAp3UvxXq:APA91bQzr1WBp_Hwu48At7Jy2r6AvhKPAISu7x1X9x3R61DeqV0xV_Zx5RouzKZAU_EJQtxy6B_gDd_GgSSvyOh_-UzV_oLbnjnkSFM_sUSRFNUsWflZ5fQOsJq7tGB0RuFrocddyckz" https://fcm.googleapis.com/fcm/send'], noMatch: ['{"to": "X2UV8Qmiemy:APA91bGa2YFPbJ6wC_Ci2j2S70oME2aHVGdgYgE7Q4zeG_yGyM9ZbK-CYQw_uIrYuTc6I0hyzSdJjFEKXkJlVwkW7IR9Z53kttD7ZhPyZOaeYGMGwj73Qn6ZA8vUCYtqHrv1otxZKU7E"}', 'AAAA3aZ227d:APA91bKZ1hKkBtXxf9AXGcu9-M'] }),
  vendorPattern('teams-webhook-url', 'Microsoft Teams incoming webhook URL (the path after /webhookb2/)', { keywords: ['webhook.office.com'], allow: DOC },
    new RegExp(String.raw`\.webhook\.office\.com/webhookb2/(?<secret>${UUID}@${UUID}/IncomingWebhook/[A-Za-z0-9]{32}/${UUID}(?:/[A-Za-z0-9_-]{20,80})?)${RD}`),
    { match: ['TEAMS_WEBHOOK=https://acme.webhook.office.com/webhookb2/d15cd123-47c9-4bcd-aacb-1609990501ac@0f10402b-7ee5-4e9f-87d0-24b850a5a843/IncomingWebhook/336d14d035ba4836c4f15fcb9b799461/ec353d56-c1d1-4210-948f-589394456fea', 'curl -d @msg.json https://acme.webhook.office.com/webhookb2/fb2c9aa7-e7b8-4e07-a27e-218e6b5b3860@6a6d5360-20ec-4360-8b7c-e2f53f2e6263/IncomingWebhook/DOkVFAPLFq0byBw8USs38kX2gP745YS0/274d1745-d9bc-4a6c-9417-be879bb0c6ef/V26IVciRzZ6apyD31k4rfL07hOWjo89Thz-4Icye1Z'], noMatch: ['https://acme.webhook.office.com/webhookb2/', 'see webhook.office.com docs'] }),
];

/**
 * `<24-28 chars starting with M, N or O>.<6>.<27-40>`, each part a whole run of token characters
 * (a full stop after it ends a sentence; a fourth dotted part makes it something else).
 * This rule has no keyword and so looks at every string: every quantifier is bounded.
 */
const DISCORD_TOKEN = /[MNO](?<![A-Za-z0-9_.-](?<!\\[nrt])[MNO])[A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}(?![A-Za-z0-9_-]|\.[A-Za-z0-9_-])/y;

/** The shortest token (24 + 1 + 6 + 1 + 27): most strings are shorter, and are not searched for dots. */
const DISCORD_TOKEN_MIN = 59;

/**
 * The pattern is tried only where a token can start: 24 to 28 characters before a dot that
 * another dot follows 7 characters on (found by a literal search for dots), at an M, N or O.
 */
function discordTokenShapes(text: string): Span[] {
  const spans: Span[] = [];
  if (text.length < DISCORD_TOKEN_MIN) return spans;
  const starts = discordTokenStarts(text);
  if (starts.length === 0) return spans;
  for (const match of matchesAt(DISCORD_TOKEN, text, starts)) spans.push({ start: match.index, end: match.index + match[0].length });
  return spans;
}

function discordTokenStarts(text: string): number[] {
  const starts: number[] = [];
  for (let dot = text.indexOf('.'); dot !== -1; dot = text.indexOf('.', dot + 1)) {
    if (dot + 7 >= text.length || text.charCodeAt(dot + 7) !== 46) continue;
    for (let at = Math.max(0, dot - 28, (starts[starts.length - 1] ?? -1) + 1); at <= dot - 24; at++) {
      const code = text.charCodeAt(at);
      if (code >= 77 && code <= 79) starts.push(at); // M, N, O
    }
  }
  return starts;
}
