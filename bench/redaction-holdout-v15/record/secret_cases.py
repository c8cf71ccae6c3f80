"""Secret categories: a secret planted where each program's idiom puts one; the target is the value as printed (for HTTP Basic, the base64 credentials lighttpd logs)."""

import programs as p
from registry import category

category("secret", "csharp-dictionary-echo", 13)(lambda h, r, n: p.csharp_dictionary(h, r, n, "secret"))
category("secret", "csharp-anonymous-echo", 13)(lambda h, r, n: p.csharp_anonymous(h, r, n, "secret"))
category("secret", "csharp-exception-trace", 13)(lambda h, r, n: p.csharp_exception(h, r, n, "secret"))
category("secret", "gprolog-term-write", 13)(lambda h, r, n: p.gprolog_term(h, r, n, "secret"))
category("secret", "gprolog-uncaught-exception", 13)(lambda h, r, n: p.gprolog_exception(h, r, n, "secret"))
category("secret", "swipl-dict-print", 13)(lambda h, r, n: p.swipl_dict(h, r, n, "secret"))
category("secret", "swipl-error-message", 13)(lambda h, r, n: p.swipl_error(h, r, n, "secret"))
category("secret", "swipl-format-output", 13)(lambda h, r, n: p.swipl_format(h, r, n, "secret"))
category("secret", "fortran-namelist-write", 13)(lambda h, r, n: p.fortran_namelist(h, r, n, "secret"))
category("secret", "fortran-formatted-write", 13)(lambda h, r, n: p.fortran_formatted(h, r, n, "secret"))
category("secret", "cobol-record-display", 13)(lambda h, r, n: p.cobol_record(h, r, n, "secret"))
category("secret", "nim-object-echo", 13)(lambda h, r, n: p.nim_object(h, r, n, "secret"))
category("secret", "nim-table-json-echo", 13)(lambda h, r, n: p.nim_table(h, r, n, "secret"))
category("secret", "d-struct-writeln", 13)(lambda h, r, n: p.d_struct(h, r, n, "secret"))
category("secret", "d-assoc-array-writeln", 13)(lambda h, r, n: p.d_assoc(h, r, n, "secret"))
category("secret", "d-exception-writeln", 13)(lambda h, r, n: p.d_exception(h, r, n, "secret"))
category("secret", "d-writefln-output", 13)(lambda h, r, n: p.d_writefln(h, r, n, "secret"))
category("secret", "tmux-show-environment", 13)(lambda h, r, n: p.tmux_environment(h, r, n, "secret"))
category("secret", "etcdctl-get-prefix", 13)(lambda h, r, n: p.etcd_get(h, r, n, "secret"))
category("secret", "lighttpd-request-header-log", 13)(lambda h, r, n: p.lighttpd_headers(h, r, n, "secret"))
category("secret", "lighttpd-access-log-query-token", 13)(lambda h, r, n: p.lighttpd_access(h, r, n, "secret"))
category("secret", "caddy-adapt-upstream-header", 13)(lambda h, r, n: p.caddy_adapt(h, r, n, "secret"))
