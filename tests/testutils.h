#pragma once

#include "error.h"
#include "presets.h"

#include <QString>
#include <QtTest>

#include <cstdint>

// A ThreadSanitizer build (make tsan). It runs the threaded suites with OMP_THREAD_LIMIT=1, so a
// single-threaded numeric check there watches no thread at all: such a check skips under TSan (the
// release and ASan builds run it) rather than spend minutes of CI instrumenting one thread.
#if defined(__SANITIZE_THREAD__)
#define KVSCOPE_UNDER_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define KVSCOPE_UNDER_TSAN 1
#endif
#endif
#ifdef KVSCOPE_UNDER_TSAN
#define KVSCOPE_SKIP_UNDER_TSAN()                                                                                      \
    QSKIP("single-threaded: ThreadSanitizer has no thread to watch here (the release and ASan builds run it)")
#else
#define KVSCOPE_SKIP_UNDER_TSAN() (void)0
#endif

// An AddressSanitizer build (scripts/ci-sanitize.sh, make sanitize). Memory errors depend on the code a
// check runs and the sizes it runs it at, not on the values it computes: a check that repeats, at the same
// sizes, what another check of its suite already runs there (another seed of the same model) skips under
// ASan, naming that check; the release build runs it.
#if defined(__SANITIZE_ADDRESS__)
#define KVSCOPE_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KVSCOPE_UNDER_ASAN 1
#endif
#endif
#ifdef KVSCOPE_UNDER_ASAN
#define KVSCOPE_SKIP_UNDER_ASAN(coveredBy)                                                                             \
    QSKIP("the same code at the same sizes as " coveredBy ", which runs under AddressSanitizer (the release build "    \
          "runs this one)")
#else
#define KVSCOPE_SKIP_UNDER_ASAN(coveredBy) (void)0
#endif

// A long suite run as shards side by side (tests/CMakeLists.txt, kvscope_add_test(... SHARDS n)): ctest starts
// it n times with KVSCOPE_TEST_SHARD="k/n", and each keeps the test functions whose place among the class's
// methods is k modulo n, so that every function runs in exactly one shard. Called from the suite's init():
//     void init() { if (outsideTestShard(this)) QSKIP("run by another shard of this suite"); }
inline bool outsideTestShard(const QObject* suite) {
    const QByteArray spec = qgetenv("KVSCOPE_TEST_SHARD");
    const qsizetype slash = spec.indexOf('/');
    if (slash <= 0)
        return false;
    const int shard = spec.left(slash).toInt();
    const int shards = spec.mid(slash + 1).toInt();
    if (shards <= 1)
        return false;
    const QMetaObject* meta = suite->metaObject();
    for (int i = meta->methodOffset(); i < meta->methodCount(); ++i)
        if (meta->method(i).name() == QTest::currentTestFunction())
            return (i - meta->methodOffset()) % shards != shard;
    return false;
}

// Qt Test prints std::uint64_t pairs well only through qulonglong; keep comparisons exact.
#define KV_COMPARE_U64(actual, expected) QCOMPARE(qulonglong(actual), qulonglong(expected))

inline QString testDataPath(const char* file) {
    return QStringLiteral(KVSCOPE_TEST_DATA_DIR "/") + QLatin1String(file);
}

// A window's pages redraw once per turn of the event loop, however many changes came in it (a
// slider drag sends several between two frames): let that turn run before reading what a page
// shows after a change.
inline void settle() {
    QCoreApplication::processEvents();
}

// A GiB figure rounded the way docs/domain.md prints it.
inline double round2(double value) {
    return std::round(value * 100.0) / 100.0;
}

// Runs `body`, expecting a kvscope::Error whose message contains every one of `needles`.
template <typename Body>
bool throwsErrorContaining(Body&& body, std::initializer_list<const char*> needles, QString* message = nullptr) {
    try {
        body();
    } catch (const kvscope::Error& e) {
        const QString text = QString::fromUtf8(e.what());
        if (message)
            *message = text;
        for (const char* needle : needles)
            if (!text.contains(QLatin1String(needle)))
                return false;
        return true;
    }
    return false;
}
