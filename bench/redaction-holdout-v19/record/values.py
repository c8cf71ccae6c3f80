"""Synthetic values planted in the programs' input (the v19 holdout): the generators of the shared
kit (`bench/holdout-record/planted.py`) with this corpus's own seed, people, mail domains, streets
and towns (written for v19; no real person of this machine or elsewhere is meant).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "holdout-record"))

import planted  # noqa: E402

# (given, family) pairs written for this corpus, many countries and scripts
PEOPLE = [
    ("Wojciech", "Brzezińska-Malec"), ("Chiamaka", "Okonkwo-Adeyemi"), ("Ruairí", "Mac Giolla Bhríde"), ("Shirin", "Tabatabaei"),
    ("Hallvarður", "Ketilsson"), ("Itziar", "Urrutikoetxea"), ("Sipho", "Mabuza-Dlamini"), ("Gesine", "Oberländer"),
    ("Iolanda", "Figueiredo Paixão"), ("Barış", "Karaağaçlı"), ("Sorin", "Păunescu"), ("Obiageli", "Nwachukwu"),
    ("Sigríður", "Þorvaldsdóttir"), ("Aurélien", "Beauchesne-Vidal"), ("Thu Trang", "Lương"), ("Clodagh", "Fennelly"),
    ("Ярослава", "Дементьева"), ("Σταμάτης", "Παπαδόγιαννης"), ("美沙紀", "宇佐美"), ("Peregrine", "Holloway-Stubbs"),
    ("Kwabena", "Asantewaa"), ("Ottilie", "Rauschenbach"), ("Xóchitl", "Villaseñor Prieto"), ("Anirudh", "Raghunathan"),
    ("Linnea", "Öhrvall"), ("Cuthbert", "Trevethick"), ("Zdzisław", "Wróblewski"), ("Nizhoni", "Begaye"),
]
MAIL_DOMAINS = ["gmail.com", "outlook.com", "fastmail.com", "proton.me", "posteo.de", "web.de", "icloud.com", "mail.ru", "wp.pl", "hollowmere-joinery.co.uk", "carraig-pottery.ie", "snaefell-physio.is"]
STREETS = ["ulica Piotrkowska", "Kastanienallee", "Patrick Street", "Rua do Ouro", "Skólavörðustígur", "İstiklal Caddesi", "Strada Lipscani", "Phố Hàng Bạc", "Calle de Alcalá", "Nørrebrogade"]
CITIES = ["90-001 Łódź", "10435 Berlin", "Cork T12 X70A", "1100-060 Lisboa", "101 Reykjavík", "34430 İstanbul", "030167 București", "Hà Nội", "28014 Madrid", "2200 København N"]
ASCII_FOLD = str.maketrans("áéíóúñçğşıłśźżńąęšťřýčžíůöüäßøåæòàèìùâêîôûðþịă", "aeiouncgsilszznaestrycziuouasoaaoaeiuaeioudtia")
# the Latin mailboxes of names in other scripts, drawn at random
LATIN_MAILBOX = ["yaroslava", "stamatis", "misaki", "ydementeva"]

planted.configure("atx-redaction-holdout-v19", PEOPLE, MAIL_DOMAINS, STREETS, CITIES, LATIN_MAILBOX, ASCII_FOLD)

from planted import *  # noqa: E402,F401,F403
