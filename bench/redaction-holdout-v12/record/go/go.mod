module example.com/svcconf

go 1.19
