"""Synthetic values planted in the programs' input (the v24 holdout): the generators of the shared
kit (`bench/holdout-record/planted.py`) with this corpus's own seed, people, mail domains, streets
and towns (written for v24; no real person of this machine or elsewhere is meant).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "holdout-record"))

import planted  # noqa: E402

# (given, family) pairs written for this corpus, many countries and scripts
PEOPLE = [
    ("Radomił", "Wierzbicki-Sołtys"), ("Nnenna", "Okonkwo-Eze"), ("Fiachra", "Mac Giolla Phádraig"), ("Shirin", "Ghorbanzadeh"),
    ("Hallgerður", "Sigurbjörnsdóttir"), ("Iñaki", "Etxeberria Zubiri"), ("Nomvula", "Mahlangu-Dube"), ("Hiltrud", "Böckenförde"),
    ("Leocádia", "Vasconcelos Brandão"), ("Şükrü", "Yıldırımoğlu"), ("Ionuț", "Bălănescu"), ("Obiageli", "Nwachukwu"),
    ("Sólveig", "Þorvaldsdóttir"), ("Maëlys", "Kerbrat"), ("Thu Hà", "Đặng"), ("Caoimhe", "Ní Dhonnchadha"),
    ("Ярослава", "Белоусова"), ("Παναγιώτης", "Χατζηδάκης"), ("美佐緒", "小田切"), ("Barnaby", "Quarrington-Holt"),
    ("Efua", "Mensah-Asante"), ("Rosalind", "Zwicky"), ("Xóchitl", "Tlapanco Ibarra"), ("Anirudh", "Venkataraman"),
    ("Sigrún", "Møllergaard"), ("Kenver", "Trevithick"), ("Grzegorz", "Przybyłowicz"), ("Nizhoni", "Begaye"),
]
MAIL_DOMAINS = ["gmail.com", "outlook.com", "fastmail.com", "proton.me", "web.de", "posteo.de", "icloud.com", "mail.ru", "wp.pl", "polperro-pottery.co.uk", "kinsale-sailing.ie", "akureyri-kaffi.is"]
STREETS = ["ulica Piotrkowska", "Schönhauser Allee", "Oliver Plunkett Street", "Rua Augusta", "Skólavörðustígur", "İstiklal Caddesi", "Strada Lipscani", "Phố Hàng Bạc", "Carrer de Sants", "Nørrebrogade"]
CITIES = ["90-001 Łódź", "10435 Berlin", "Cork T12 X8N2", "1100-053 Lisboa", "101 Reykjavík", "34433 İstanbul", "030167 București", "Hà Nội", "08014 Barcelona", "2200 København N"]
LATIN_MAILBOX = {"Ярослава": "yaroslava", "Παναγιώτης": "panagiotis", "美佐緒": "misao"}
ASCII_FOLD = str.maketrans("áéíóúñçğşıłśźżńąęšťřýčžíůöüäßøåæòàèìùâêîôûðþịăëțșãõ", "aeiouncgsilszznaestrycziuouasoaaoaeiuaeioudtiaetsao")

planted.configure("atx-redaction-holdout-v24", PEOPLE, MAIL_DOMAINS, STREETS, CITIES, LATIN_MAILBOX, ASCII_FOLD)

from planted import *  # noqa: E402,F401,F403
