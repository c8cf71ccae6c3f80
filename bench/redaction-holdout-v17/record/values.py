"""Synthetic values planted in the programs' input (the v17 holdout): the generators of the shared
kit (`bench/holdout-record/planted.py`) with this corpus's own seed, people, mail domains, streets
and towns (written for v17; no real person of this machine or elsewhere is meant).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "holdout-record"))

import planted  # noqa: E402

# (given, family) pairs written for this corpus, many countries and scripts
PEOPLE = [
    ("Mirosława", "Kowalczyk"), ("Tendai", "Mukwevho"), ("Aoife", "Ní Bhraonáin"), ("Kaveh", "Farahani"),
    ("Brynjólfur", "Sigurðsson"), ("Lucía", "Etxeberria Goñi"), ("Dumisani", "Khumalo"), ("Henrike", "Achterberg"),
    ("Paulo", "Nascimento Lobo"), ("Yasemin", "Çelikkaya"), ("Teodor", "Vasilescu"), ("Ngozi", "Eze-Nwankwo"),
    ("Guðrún", "Hallgrímsdóttir"), ("Emeric", "Dufresne-Lacroix"), ("Minh Khoa", "Trịnh"), ("Saoirse", "Donnellan"),
    ("Мирослав", "Ткаченко"), ("Ελένη", "Βασιλείου"), ("健太郎", "小野寺"), ("Rosalind", "Ashcombe"),
    ("Akosua", "Frimpong"), ("Leopold", "Wenzelburger"), ("Itzel", "Quintanilla Ortega"), ("Radhika", "Venkataraman"),
    ("Oskar", "Lindqvist"), ("Bartholomew", "Penhaligon"), ("Jarosław", "Zieliński"), ("Mahala", "Tsosie"),
]
MAIL_DOMAINS = ["gmail.com", "outlook.com", "fastmail.com", "proton.me", "posteo.de", "web.de", "icloud.com", "mail.ru", "wp.pl", "tidemark-surveyors.co.uk", "kilnbrook-ceramics.ie", "vestfjord-clinic.is"]
STREETS = ["Nowy Świat", "Karl-Liebknecht-Straße", "Grafton Street", "Avenida da Liberdade", "Laugavegur", "Bağdat Caddesi", "Calea Victoriei", "Hanoi Road", "Rua Augusta", "Vesterbrogade"]
CITIES = ["00-029 Warszawa", "10178 Berlin", "Dublin D02 K854", "1250-096 Lisboa", "101 Reykjavík", "34728 İstanbul", "010071 București", "Kowloon, Hong Kong", "1100-048 Lisboa", "1620 København V"]
ASCII_FOLD = str.maketrans("áéíóúñçğşıłśźżńąęšťřýčžíůöüäßøåæòàèìùâêîôûðþịă", "aeiouncgsilszznaestrycziuouasoaaoaeiuaeioudtia")
# the Latin mailboxes of names in other scripts, drawn at random
LATIN_MAILBOX = ["miroslav", "eleni", "kentaro", "mtkach"]

planted.configure("atx-redaction-holdout-v17", PEOPLE, MAIL_DOMAINS, STREETS, CITIES, LATIN_MAILBOX, ASCII_FOLD)

from planted import *  # noqa: E402,F401,F403
