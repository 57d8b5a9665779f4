// The target that owns the suites' precompiled headers (tests/CMakeLists.txt, KVSCOPE_TEST_PCH); no code.
