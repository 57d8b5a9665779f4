#include "pageregistry.h"

#include "attentionpage.h"
#include "decodepage.h"
#include "explainlogpage.h"
#include "memorypage.h"
#include "pagedpage.h"
#include "pergpupage.h"
#include "rooflinepage.h"
#include "scalingpage.h"
#include "servingpage.h"
#include "tierspage.h"

namespace pageregistry {

std::span<const PageKind* const> kinds() {
    static const PageKind* const table[] = {
        &MemoryPage::kind(),   &AttentionPage::kind(),  &ScalingPage::kind(), &PagedPage::kind(),
        &ServingPage::kind(),  &TiersPage::kind(),      &PerGpuPage::kind(),  &DecodePage::kind(),
        &RooflinePage::kind(), &ExplainLogPage::kind(),
    };
    return table;
}

const PageKind* find(QStringView id) {
    for (const PageKind* kind : kinds())
        if (kind->id == id)
            return kind;
    return nullptr;
}

QStringList ids() {
    QStringList list;
    for (const PageKind* kind : kinds())
        list << kind->id;
    return list;
}

} // namespace pageregistry
