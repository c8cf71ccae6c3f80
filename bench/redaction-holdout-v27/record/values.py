"""Synthetic values planted in the programs' input (the v27 holdout): the generators of the shared
kit (`bench/holdout-record/planted.py`) with this corpus's own seed, people, mail domains, streets
and towns (written for v27; no real person of this machine or elsewhere is meant).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "holdout-record"))

import planted  # noqa: E402

# (given, family) pairs written for this corpus, many countries and scripts
PEOPLE = [
    ("Radosława", "Wiśniewska-Gołąb"), ("Oluwaseun", "Adeyemi-Bakare"), ("Caoimhín", "Mac Giolla Phádraig"), ("Shirin", "Ghorbanzadeh"),
    ("Sigurður", "Þorvaldsson"), ("Itziar", "Etxeberria Aranburu"), ("Nomvula", "Mthembu-Dlamini"), ("Reinhild", "Wößner"),
    ("Joaquim", "Magalhães Cordeiro"), ("Büşra", "Çelikkanat"), ("Ioana", "Ștefănescu"), ("Chukwuemeka", "Nwachukwu-Okeke"),
    ("Hrafnhildur", "Gunnlaugsdóttir"), ("Maëlys", "Kerbrat"), ("Thu Hằng", "Phạm"), ("Órlaith", "Ní Bhraonáin"),
    ("Ярослава", "Белозёрова"), ("Σταμάτης", "Κωνσταντινίδης"), ("美咲", "長谷川"), ("Barnaby", "Fotheringham-Lisle"),
    ("Akosua", "Asante-Mensah"), ("Régula", "Zürcher"), ("Xóchitl", "Tlapalli Hernández"), ("Venkatesh", "Raghunathan"),
    ("Solveig", "Bjørnstad"), ("Demelza", "Trethewey"), ("하은별", "제갈"), ("Nizhoni", "Begay"),
]
MAIL_DOMAINS = ["gmail.com", "outlook.com", "fastmail.com", "proton.me", "web.de", "posteo.de", "icloud.com", "mail.ru", "wp.pl", "penzance-pottery.co.uk", "galway-sails.ie", "akureyri-fjallaferdir.is"]
STREETS = ["ulica Piotrkowska", "Bergmannstraße", "Oliver Plunkett Street", "Rua das Flores", "Skólavörðustígur", "İstiklal Caddesi", "Strada Lipscani", "Phố Hàng Bạc", "Carrer de Blai", "Nørrebrogade"]
CITIES = ["90-406 Łódź", "10961 Berlin", "Cork T12 X70A", "4050-265 Porto", "101 Reykjavík", "34433 İstanbul", "030167 București", "Hà Nội", "08004 Barcelona", "2200 København N"]
LATIN_MAILBOX = {"Ярослава": "yaroslava", "Σταμάτης": "stamatis", "美咲": "misaki", "하은별": "haeunbyeol"}
ASCII_FOLD = str.maketrans("áéíóúñçğşıłśźżńąęšťřýčžíůöüäßøåæòàèìùâêîôûðþịăëțșãõ", "aeiouncgsilszznaestrycziuouasoaaoaeiuaeioudtiaetsao")

planted.configure("atx-redaction-holdout-v27", PEOPLE, MAIL_DOMAINS, STREETS, CITIES, LATIN_MAILBOX, ASCII_FOLD)

from planted import *  # noqa: E402,F401,F403
