"""Synthetic values planted in the programs' input (the v30 holdout): the generators of the shared
kit (`bench/holdout-record/planted.py`) with this corpus's own seed, people, mail domains, streets
and towns (written for v30; no real person of this machine or elsewhere is meant).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "holdout-record"))

import planted  # noqa: E402

# (given, family) pairs written for this corpus, many countries and scripts
PEOPLE = [
    ("Radosław", "Wiśniewski-Grab"), ("Chidinma", "Anyanwu"), ("Eoghan", "Mac Giolla Bhríde"), ("Shirin", "Farahani-Tehrani"),
    ("Hrafnhildur", "Jónsdóttir"), ("Itziar", "Goikoetxea"), ("Nomvula", "Dlamini-Khumalo"), ("Friedemann", "Schößler"),
    ("Joaquim", "Magalhães Serra"), ("Şükrü", "Çelikkaya"), ("Ionuț", "Păunescu"), ("Folasade", "Adeyemi-Bello"),
    ("Sæmundur", "Guðbrandsson"), ("Maëlys", "Kerhervé"), ("Thu Hương", "Phạm"), ("Caoimhe", "Ní Dhubhghaill"),
    ("Ярослава", "Белозёрова"), ("Χαράλαμπος", "Κωνσταντινίδης"), ("美咲", "高橋"), ("Tamsin", "Trevithick-Rowe"),
    ("Kwabena", "Asante-Mensah"), ("Annelies", "Zürcher"), ("Xóchitl", "Tlapalcoyotl Méndez"), ("Venkatesh", "Raghunathan"),
    ("Solveig", "Haugland"), ("Merryn", "Polglase"), ("지훈", "황보"), ("Nizhoni", "Begay"),
]
MAIL_DOMAINS = ["gmail.com", "outlook.com", "fastmail.com", "proton.me", "web.de", "mailbox.org", "icloud.com", "mail.ru", "wp.pl", "falmouth-boatworks.co.uk", "dingle-kayaks.ie", "husavik-whales.is"]
STREETS = ["ulica Długa", "Bergmannstraße", "Oliver Plunkett Street", "Rua das Flores", "Skólavörðustígur", "İstiklal Caddesi", "Calea Victoriei", "Phố Hàng Bạc", "Carrer de Blai", "Nørrebrogade"]
CITIES = ["80-831 Gdańsk", "10961 Berlin", "Cork T12 X2P7", "4050-265 Porto", "101 Reykjavík", "34433 İstanbul", "010071 București", "Hà Nội", "08004 Barcelona", "2200 København N"]
LATIN_MAILBOX = {"Ярослава": "yaroslava", "Χαράλαμπος": "charalampos", "美咲": "misaki", "지훈": "jihoon"}
ASCII_FOLD = str.maketrans("áéíóúñçğşıłśźżńąęšťřýčžíůöüäßøåæòàèìùâêîôûðþịăëțșãõ", "aeiouncgsilszznaestrycziuouasoaaoaeiuaeioudtiaetsao")

planted.configure("atx-redaction-holdout-v30", PEOPLE, MAIL_DOMAINS, STREETS, CITIES, LATIN_MAILBOX, ASCII_FOLD)

from planted import *  # noqa: E402,F401,F403
