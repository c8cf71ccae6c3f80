"""Synthetic values planted in the programs' input (the v29 holdout): the generators of the shared
kit (`bench/holdout-record/planted.py`) with this corpus's own seed, people, mail domains, streets
and towns (written for v29; no real person of this machine or elsewhere is meant).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "holdout-record"))

import planted  # noqa: E402

# (given, family) pairs written for this corpus, many countries and scripts
PEOPLE = [
    ("Wojciech", "Przybylski-Kołodziej"), ("Adaeze", "Okonkwo-Eze"), ("Ruairí", "Ó Súilleabháin"), ("Parisa", "Yazdanpanah"),
    ("Ásgeir", "Hallgrímsson"), ("Garazi", "Urrutikoetxea"), ("Thandiwe", "Ngcobo-Zulu"), ("Gottlieb", "Häußler"),
    ("Conceição", "Vasconcelos Brito"), ("Gülşen", "Karaağaç"), ("Mirela", "Dumitrașcu"), ("Obiageli", "Nnamdi-Obi"),
    ("Þórdís", "Sveinbjörnsdóttir"), ("Gwenaëlle", "Le Gall"), ("Minh Châu", "Đặng"), ("Siobhán", "Mac Cárthaigh"),
    ("Всеволод", "Кожемякин"), ("Ευανθία", "Παπαδημητρίου"), ("陽翔", "佐々木"), ("Peregrine", "Ashworth-Quayle"),
    ("Efua", "Boateng-Quaye"), ("Liselotte", "Brändli"), ("Citlali", "Xiuhtecuhtli Ramírez"), ("Lakshmi", "Subramaniam"),
    ("Ingebjørg", "Fjellheim"), ("Jory", "Penhaligon"), ("서윤희", "남궁"), ("Aiyana", "Yazzie"),
]
MAIL_DOMAINS = ["gmail.com", "outlook.com", "fastmail.com", "proton.me", "gmx.de", "posteo.de", "icloud.com", "yandex.ru", "o2.pl", "truro-sailmakers.co.uk", "kinsale-ferries.ie", "isafjordur-kajak.is"]
STREETS = ["ulica Floriańska", "Kastanienallee", "MacCurtain Street", "Rua de Santa Catarina", "Laugavegur", "Bağdat Caddesi", "Strada Franceză", "Phố Hàng Gai", "Carrer de Verdi", "Vesterbrogade"]
CITIES = ["31-019 Kraków", "10435 Berlin", "Cork T23 Y2KF", "4000-447 Porto", "101 Reykjavík", "34728 İstanbul", "030104 București", "Hà Nội", "08012 Barcelona", "1620 København V"]
LATIN_MAILBOX = {"Всеволод": "vsevolod", "Ευανθία": "evanthia", "陽翔": "haruto", "서윤희": "seoyunhui"}
ASCII_FOLD = str.maketrans("áéíóúñçğşıłśźżńąęšťřýčžíůöüäßøåæòàèìùâêîôûðþịăëțșãõ", "aeiouncgsilszznaestrycziuouasoaaoaeiuaeioudtiaetsao")

planted.configure("atx-redaction-holdout-v29", PEOPLE, MAIL_DOMAINS, STREETS, CITIES, LATIN_MAILBOX, ASCII_FOLD)

from planted import *  # noqa: E402,F401,F403
