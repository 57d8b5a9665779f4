#include "coursedata.h"

#include "error.h"

namespace kvscope {

StepModel fitTwoPoints(double x1, double y1Ms, double x2, double y2Ms) {
    if (x1 == x2)
        throw Error("the two-term fit needs two steps with different token counts, got " + std::to_string(x1) +
                    " twice");
    StepModel m;
    m.bMs = (y2Ms - y1Ms) / (x2 - x1);
    m.aMs = y1Ms - m.bMs * x1;
    return m;
}

StepModel courseStepModel() {
    const CourseDecodeFigures& c = kCourseDecode;
    return fitTwoPoints(1.0, c.gpuBatch1CachedMs, c.uncachedMeanTokens, c.gpuBatch1UncachedMs);
}

} // namespace kvscope
