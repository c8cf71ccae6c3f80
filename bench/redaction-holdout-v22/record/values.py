"""Synthetic values planted in the programs' input (the v22 holdout): the generators of the shared
kit (`bench/holdout-record/planted.py`) with this corpus's own seed, people, mail domains, streets
and towns (written for v22; no real person of this machine or elsewhere is meant).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "holdout-record"))

import planted  # noqa: E402

# (given, family) pairs written for this corpus, many countries and scripts
PEOPLE = [
    ("Radosław", "Wiśniowiecki"), ("Nkechi", "Okonkwo-Adebayo"), ("Caoimhín", "Mac Giolla Bhríde"), ("Shirin", "Qaragozlou"),
    ("Sigurlaug", "Þorvaldsdóttir"), ("Iñaki", "Etxeberria Zubiri"), ("Lindiwe", "Mthembu-Dlamini"), ("Hannelore", "Brückmann"),
    ("Guilhermina", "Vasconcelos Teixeira"), ("Şebnem", "Yıldırımoğlu"), ("Ștefania", "Bălănescu"), ("Obinna", "Nwachukwu"),
    ("Jórunn", "Hallgrímsdóttir"), ("Maëlys", "Kerhervé"), ("Thu Hương", "Phạm"), ("Ailbhe", "Nic Dhonnchadha"),
    ("Святополк", "Ворошилова"), ("Αγλαΐα", "Παπαδημητρίου"), ("陽菜", "小野寺"), ("Barnaby", "Quillfeather"),
    ("Efua", "Asante-Mensah"), ("Reinhild", "Zürcher"), ("Xóchitl", "Tlapanco Méndez"), ("Meenakshi", "Venkataraman"),
    ("Signe", "Østergaard"), ("Kenver", "Trevithick"), ("Grzegorz", "Przybyszewski"), ("Nizhoni", "Begaye"),
]
MAIL_DOMAINS = ["gmail.com", "outlook.com", "fastmail.com", "proton.me", "web.de", "posteo.de", "ezweb.ne.jp", "mail.ru", "wp.pl", "penwith-pottery.co.uk", "connemara-tweed.ie", "akureyri-fiskur.is"]
STREETS = ["ulica Piotrkowska", "Kastanienallee", "Oliver Plunkett Street", "Rua Augusta", "Skólavörðustígur", "İstiklal Caddesi", "Strada Lipscani", "Phố Hàng Bạc", "Carrer de Blai", "Nørrebrogade"]
CITIES = ["90-410 Łódź", "10435 Berlin", "Cork T12 X5R8", "1100-048 Lisboa", "101 Reykjavík", "34430 İstanbul", "030167 București", "Hà Nội", "08004 Barcelona", "2200 København N"]
LATIN_MAILBOX = {"Святополк": "svyatopolk", "Αγλαΐα": "aglaia", "陽菜": "hina"}
ASCII_FOLD = str.maketrans("áéíóúñçğşıłśźżńąęšťřýčžíůöüäßøåæòàèìùâêîôûðþịăëțșãõ", "aeiouncgsilszznaestrycziuouasoaaoaeiuaeioudtiaetsao")
PLACEHOLDERS = [
    "<your-api-key>", "YOUR_TOKEN_HERE", "********", "[redacted]", "<redacted>", "xxxxxxxxxxxxxxxx", "",
    "vault:secret/data/ci#deploy_token", "op://Engineering/Stripe/credential", "{{ secrets.DEPLOY_KEY }}",
    "${DB_PASSWORD}", "%(API_TOKEN)s", "env:GITHUB_TOKEN", "sm://projects/acme/secrets/api-key/versions/latest",
    "file:/run/secrets/db_password", "/etc/monit/secrets/smtp.pass", "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-AbCdEf",
]

planted.configure("atx-redaction-holdout-v22", PEOPLE, MAIL_DOMAINS, STREETS, CITIES, LATIN_MAILBOX, ASCII_FOLD, placeholders=PLACEHOLDERS)

from planted import *  # noqa: E402,F401,F403
