"""Negative categories: the same programs and shapes with nothing to remove (placeholders, masks, secret-manager references, ids, hashes, public keys)."""

import programs as p
from registry import category

category("negative", "csharp-dictionary-clean", 16)(lambda h, r, n: p.csharp_dictionary(h, r, n, "clean"))
category("negative", "csharp-anonymous-clean", 16)(lambda h, r, n: p.csharp_anonymous(h, r, n, "clean"))
category("negative", "csharp-exception-clean", 16)(lambda h, r, n: p.csharp_exception(h, r, n, "clean"))
category("negative", "gprolog-term-clean", 16)(lambda h, r, n: p.gprolog_term(h, r, n, "clean"))
category("negative", "gprolog-exception-clean", 16)(lambda h, r, n: p.gprolog_exception(h, r, n, "clean"))
category("negative", "swipl-dict-clean", 16)(lambda h, r, n: p.swipl_dict(h, r, n, "clean"))
category("negative", "swipl-error-clean", 16)(lambda h, r, n: p.swipl_error(h, r, n, "clean"))
category("negative", "fortran-namelist-clean", 16)(lambda h, r, n: p.fortran_namelist(h, r, n, "clean"))
category("negative", "fortran-formatted-clean", 16)(lambda h, r, n: p.fortran_formatted(h, r, n, "clean"))
category("negative", "cobol-record-clean", 16)(lambda h, r, n: p.cobol_record(h, r, n, "clean"))
category("negative", "nim-object-clean", 16)(lambda h, r, n: p.nim_object(h, r, n, "clean"))
category("negative", "nim-table-clean", 16)(lambda h, r, n: p.nim_table(h, r, n, "clean"))
category("negative", "d-struct-clean", 16)(lambda h, r, n: p.d_struct(h, r, n, "clean"))
category("negative", "d-assoc-array-clean", 16)(lambda h, r, n: p.d_assoc(h, r, n, "clean"))
category("negative", "d-exception-clean", 16)(lambda h, r, n: p.d_exception(h, r, n, "clean"))
category("negative", "tmux-environment-clean", 16)(lambda h, r, n: p.tmux_environment(h, r, n, "clean"))
category("negative", "etcdctl-get-clean", 16)(lambda h, r, n: p.etcd_get(h, r, n, "clean"))
category("negative", "lighttpd-request-header-clean", 16)(lambda h, r, n: p.lighttpd_headers(h, r, n, "clean"))
category("negative", "lighttpd-access-log-clean", 16)(lambda h, r, n: p.lighttpd_access(h, r, n, "clean"))
category("negative", "caddy-adapt-placeholders", 16)(lambda h, r, n: p.caddy_adapt(h, r, n, "clean"))
category("negative", "caddy-basicauth-hashes", 16)(lambda h, r, n: p.caddy_adapt(h, r, n, "hash"))
category("negative", "pki-print-public-key", 16)(lambda h, r, n: p.pki_print(h, r, n, "clean"))
