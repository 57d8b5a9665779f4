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

// A GiB figure rounded the way DOMAIN.md prints it.
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
