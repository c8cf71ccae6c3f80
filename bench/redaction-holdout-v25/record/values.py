"""Synthetic values planted in the programs' input (the v25 holdout): the generators of the shared
kit (`bench/holdout-record/planted.py`) with this corpus's own seed, people, mail domains, streets
and towns (written for v25; no real person of this machine or elsewhere is meant).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "holdout-record"))

import planted  # noqa: E402

# (given, family) pairs written for this corpus, many countries and scripts
PEOPLE = [
    ("Wiesława", "Kołodziejczak"), ("Chidinma", "Eze-Obiora"), ("Tadhg", "Ó Súilleabháin"), ("Parvaneh", "Tabatabaei"),
    ("Guðrún", "Hallgrímsdóttir"), ("Ander", "Goikoetxea Larrañaga"), ("Thandeka", "Ngcobo-Khumalo"), ("Wolfram", "Rübsamen"),
    ("Conceição", "Albuquerque Peixoto"), ("Gülşen", "Karaağaçlı"), ("Mircea", "Țăranu"), ("Adaeze", "Okafor-Nnaji"),
    ("Ásdís", "Kristjánsdóttir"), ("Gwenaëlle", "Le Gall"), ("Minh Châu", "Lương"), ("Saoirse", "Nic Giolla Bhríde"),
    ("Всеволод", "Кузнецов-Тихий"), ("Ευανθία", "Παπαδοπούλου"), ("千鶴", "御手洗"), ("Peregrine", "Ashcombe-Thwaite"),
    ("Kwabena", "Owusu-Boateng"), ("Ottilie", "Hämmerli"), ("Itzel", "Cuauhtli Ramírez"), ("Lakshmi", "Subramaniam"),
    ("Henrikke", "Østergaard"), ("Morwenna", "Penhaligon"), ("Bożydar", "Szczepankiewicz"), ("Ahanu", "Yazzie"),
]
MAIL_DOMAINS = ["gmail.com", "outlook.com", "fastmail.com", "proton.me", "gmx.de", "mailbox.org", "icloud.com", "yandex.ru", "onet.pl", "st-ives-ceramics.co.uk", "dingle-kayaks.ie", "husavik-hestar.is"]
STREETS = ["ulica Floriańska", "Kastanienallee", "Shandon Street", "Rua de Santa Catarina", "Laugavegur", "Bağdat Caddesi", "Calea Victoriei", "Phố Hàng Gai", "Carrer de Verdi", "Vesterbrogade"]
CITIES = ["31-019 Kraków", "10119 Berlin", "Cork T23 E6TD", "4000-443 Porto", "101 Reykjavík", "34728 İstanbul", "010063 București", "Hà Nội", "08012 Barcelona", "1620 København V"]
LATIN_MAILBOX = {"Всеволод": "vsevolod", "Ευανθία": "evanthia", "千鶴": "chizuru"}
ASCII_FOLD = str.maketrans("áéíóúñçğşıłśźżńąęšťřýčžíůöüäßøåæòàèìùâêîôûðþịăëțșãõ", "aeiouncgsilszznaestrycziuouasoaaoaeiuaeioudtiaetsao")

planted.configure("atx-redaction-holdout-v25", PEOPLE, MAIL_DOMAINS, STREETS, CITIES, LATIN_MAILBOX, ASCII_FOLD)

from planted import *  # noqa: E402,F401,F403
