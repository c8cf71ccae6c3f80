"""Synthetic values planted in the programs' input (the v26 holdout): the generators of the shared
kit (`bench/holdout-record/planted.py`) with this corpus's own seed, people, mail domains, streets
and towns (written for v26; no real person of this machine or elsewhere is meant).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "holdout-record"))

import planted  # noqa: E402

# (given, family) pairs written for this corpus, many countries and scripts
PEOPLE = [
    ("Radomír", "Šťastný-Vlček"), ("Oluwaseun", "Adebayo-Ogunleye"), ("Eilidh", "MacGillivray"), ("Farrokh", "Esfandiari"),
    ("Sigríður", "Þorvaldsdóttir"), ("Iñaki", "Etxeberria Zubizarreta"), ("Nomvula", "Dlamini-Mthembu"), ("Gottfried", "Wöhrle"),
    ("Leocádia", "Vasconcelos Brandão"), ("Şebnem", "Çağlayan"), ("Ștefan", "Bălănescu"), ("Ngozi", "Chukwuemeka"),
    ("Hrafnhildur", "Jóhannesdóttir"), ("Maëlys", "Kerjean"), ("Thu Hà", "Nguyễn Phạm"), ("Caoimhe", "Ní Bhraonáin"),
    ("Ярослава", "Белозерская"), ("Σταυρούλα", "Κωνσταντινίδου"), ("美穂子", "長谷川"), ("Barnaby", "Fotheringay-Lisle"),
    ("Yaw", "Asante-Mensah"), ("Rosalind", "Grünenfelder"), ("Xóchitl", "Tlapalli Hernández"), ("Venkatesh", "Raghunathan"),
    ("Solveig", "Bjørnstad"), ("Tamsin", "Trevithick"), ("Przemysław", "Wróblewski"), ("Nizhoni", "Begaye"),
]
MAIL_DOMAINS = ["gmail.com", "outlook.com", "fastmail.com", "proton.me", "web.de", "posteo.de", "icloud.com", "mail.ru", "wp.pl", "falmouth-ropeworks.co.uk", "kinsale-sailing.ie", "akureyri-bakari.is"]
STREETS = ["Nerudova", "Hauptstraße", "Rose Street", "Rua Augusta", "Hafnarstræti", "İstiklal Caddesi", "Strada Lipscani", "Phố Huế", "Carrer de Sants", "Nørrebrogade"]
CITIES = ["118 00 Praha", "70173 Stuttgart", "Edinburgh EH2 2PR", "1100-048 Lisboa", "600 Akureyri", "34433 İstanbul", "030167 București", "Hà Nội", "08014 Barcelona", "2200 København N"]
LATIN_MAILBOX = {"Ярослава": "yaroslava", "Σταυρούλα": "stavroula", "美穂子": "mihoko"}
ASCII_FOLD = str.maketrans("áéíóúñçğşıłśźżńąęšťřýčžíůöüäßøåæòàèìùâêîôûðþịăëțșãõễạ", "aeiouncgsilszznaestrycziuouasoaaoaeiuaeioudtiaetsaoea")

planted.configure("atx-redaction-holdout-v26", PEOPLE, MAIL_DOMAINS, STREETS, CITIES, LATIN_MAILBOX, ASCII_FOLD)

from planted import *  # noqa: E402,F401,F403
