"""Synthetic values planted in the programs' input (the v18 holdout): the generators of the shared
kit (`bench/holdout-record/planted.py`) with this corpus's own seed, people, mail domains, streets
and towns (written for v18; no real person of this machine or elsewhere is meant).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "holdout-record"))

import planted  # noqa: E402

# (given, family) pairs written for this corpus, many countries and scripts
PEOPLE = [
    ("Wiesława", "Chmielewska"), ("Tafadzwa", "Chikwanha"), ("Niamh", "Ó Súilleabháin"), ("Shirin", "Ghorbani"),
    ("Hallgerður", "Þórhallsdóttir"), ("Iñaki", "Arrizabalaga Zubiri"), ("Sipho", "Ndlovu-Mahlangu"), ("Gesine", "Wolterink"),
    ("Joaquim", "Albuquerque Seixas"), ("Gülşen", "Karaosmanoğlu"), ("Dragoș", "Ionescu-Vlad"), ("Chidinma", "Okonkwo-Adeyemi"),
    ("Ragnheiður", "Sveinbjörnsdóttir"), ("Anatole", "Brisebois"), ("Thu Hà", "Nguyễn"), ("Ciarán", "Mac Giolla Bhríde"),
    ("Святослава", "Гончаренко"), ("Αθανάσιος", "Κωνσταντόπουλος"), ("美奈子", "長谷川"), ("Peregrine", "Tresillian"),
    ("Kwabena", "Owusu-Ansah"), ("Ottilie", "Hasenclever"), ("Xóchitl", "Villaseñor Ruiz"), ("Lakshmi", "Subramaniam"),
    ("Torbjørn", "Halvorsen"), ("Ambrose", "Trevithick"), ("Zdzisław", "Wróblewski"), ("Winona", "Begaye"),
]
MAIL_DOMAINS = ["gmail.com", "outlook.com", "fastmail.com", "proton.me", "posteo.de", "web.de", "icloud.com", "mail.ru", "wp.pl", "harrowgate-joinery.co.uk", "ballycastle-tides.ie", "eyjafjord-dental.is"]
STREETS = ["Nowy Świat", "Karl-Liebknecht-Straße", "Grafton Street", "Avenida da Liberdade", "Laugavegur", "Bağdat Caddesi", "Calea Victoriei", "Hanoi Road", "Rua Augusta", "Vesterbrogade"]
CITIES = ["00-029 Warszawa", "10178 Berlin", "Dublin D02 K854", "1250-096 Lisboa", "101 Reykjavík", "34728 İstanbul", "010071 București", "Kowloon, Hong Kong", "1100-048 Lisboa", "1620 København V"]
ASCII_FOLD = str.maketrans("áéíóúñçğşıłśźżńąęšťřýčžíůöüäßøåæòàèìùâêîôûðþịă", "aeiouncgsilszznaestrycziuouasoaaoaeiuaeioudtia")
# the Latin mailboxes of names in other scripts, drawn at random
LATIN_MAILBOX = ["svitlana", "thanos", "minako", "sgonch"]

planted.configure("atx-redaction-holdout-v18", PEOPLE, MAIL_DOMAINS, STREETS, CITIES, LATIN_MAILBOX, ASCII_FOLD)

from planted import *  # noqa: E402,F401,F403
