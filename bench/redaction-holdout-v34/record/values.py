"""Synthetic values planted in the programs' input (the v34 holdout): the generators of the shared
kit (`bench/holdout-record/planted.py`) with this corpus's own seed, people, mail domains, streets
and towns (written for v34; no real person of this machine or elsewhere is meant).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "holdout-record"))

import planted  # noqa: E402

# (given, family) pairs written for this corpus, many countries and scripts
PEOPLE = [
    ("Radosław", "Wąsowicz"), ("Chiamaka", "Nwachukwu"), ("Seánna", "Mac Giolla Phádraig"), ("Shirin", "Farahani"),
    ("Sæunn", "Björgvinsdóttir"), ("Iñaki", "Goikoetxea"), ("Lindiwe", "Khumalo"), ("Jürgen", "Großkopf"),
    ("Gonçalo", "Magalhães Pinto"), ("Büşra", "Çağlayan"), ("Ioana", "Țurcanu"), ("Adebayo", "Ogunleye"),
    ("Hrafnhildur", "Þorsteinsdóttir"), ("Maëlys", "Kerhervé"), ("Thu Trang", "Nguyễn"), ("Caoimhe", "Ní Dhomhnaill"),
    ("Ярослава", "Добровольская"), ("Ευάγγελος", "Παπαδημητρίου"), ("蓮", "小野寺"), ("Morwenna", "Tregenza"),
    ("Kwabena", "Asante-Boateng"), ("Urs", "Küenzi"), ("Xóchitl", "Tlacuilo Ramírez"), ("Meenakshi", "Venkataraman"),
    ("Sølvi", "Haugland"), ("Kerensa", "Pascoe"), ("지후", "선우"), ("Takoda", "Runningwater"),
]
MAIL_DOMAINS = ["gmail.com", "outlook.com", "fastmail.com", "proton.me", "web.de", "mailbox.org", "icloud.com", "mail.ru", "wp.pl", "penzance-kayaks.co.uk", "dingle-ferries.ie", "husavik-whales.is"]
STREETS = ["ulica Długa", "Bergmannstraße", "Quay Street", "Rua de Santa Catarina", "Skólavörðustígur", "İstiklal Caddesi", "Calea Victoriei", "Phố Hàng Bạc", "Carrer de Blai", "Nørrebrogade"]
CITIES = ["80-830 Gdańsk", "10961 Berlin", "Cork T12 X8Y4", "4000-443 Porto", "101 Reykjavík", "34433 İstanbul", "010071 București", "Hà Nội", "08004 Barcelona", "2200 København N"]
LATIN_MAILBOX = {"Ярослава": "yaroslava", "Ευάγγελος": "evangelos", "蓮": "ren", "지후": "jihu"}
ASCII_FOLD = str.maketrans("áéíóúñçğşıłśźżńąęšťřýčžíůöüäßøåæòàèìùâêîôûðþịăëțșãõđặễ", "aeiouncgsilszznaestrycziuouasoaaoaeiuaeioudtiaetsaodae")

planted.configure("atx-redaction-holdout-v34", PEOPLE, MAIL_DOMAINS, STREETS, CITIES, LATIN_MAILBOX, ASCII_FOLD)

from planted import *  # noqa: E402,F401,F403
