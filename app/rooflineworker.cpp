#include "rooflineworker.h"

#include <exception>

using kvscope::gpu::measureRoofline;
using kvscope::gpu::RooflineOptions;
using kvscope::gpu::RooflineReport;

void RooflineWorker::run(const RooflineOptions& options) {
    try {
        const RooflineReport report =
            measureRoofline(options, &m_stop, [this](double fraction, const std::string& what) {
                emit progress(fraction, QString::fromStdString(what));
            });
        emit finished(report);
    } catch (const std::exception& e) {
        emit failed(QString::fromUtf8(e.what()));
    }
}
