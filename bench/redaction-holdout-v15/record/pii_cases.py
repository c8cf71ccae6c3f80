"""Personal-data categories: made-up people (values.Person) in printed objects, errors, logs and certificate subjects."""

import programs as p
from registry import category

category("pii", "csharp-anonymous-person", 12)(lambda h, r, n: p.csharp_anonymous(h, r, n, "pii"))
category("pii", "csharp-exception-person", 12)(lambda h, r, n: p.csharp_exception(h, r, n, "pii"))
category("pii", "csharp-people-list", 12)(lambda h, r, n: p.csharp_people_list(h, r, n, "pii"))
category("pii", "gprolog-term-person", 12)(lambda h, r, n: p.gprolog_term(h, r, n, "pii"))
category("pii", "gprolog-exception-person", 12)(lambda h, r, n: p.gprolog_exception(h, r, n, "pii"))
category("pii", "swipl-dict-person", 12)(lambda h, r, n: p.swipl_dict(h, r, n, "pii"))
category("pii", "fortran-namelist-person", 12)(lambda h, r, n: p.fortran_namelist(h, r, n, "pii"))
category("pii", "cobol-customer-record", 12)(lambda h, r, n: p.cobol_record(h, r, n, "pii"))
category("pii", "d-struct-person", 12)(lambda h, r, n: p.d_struct(h, r, n, "pii"))
category("pii", "d-exception-person", 12)(lambda h, r, n: p.d_exception(h, r, n, "pii"))
category("pii", "lighttpd-access-log-personal-query", 12)(lambda h, r, n: p.lighttpd_access(h, r, n, "pii"))
category("pii", "pki-print-subject-person", 12)(lambda h, r, n: p.pki_print(h, r, n, "pii"))
