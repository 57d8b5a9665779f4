#include "modelruletext.h"

#include "memorymodel.h"
#include "viewtext.h"

#include <QLocale>
#include <QStringList>

using namespace Qt::StringLiterals;

QString ModelRuleText::rule(const kvscope::FamilyRule& r, const kvscope::ModelShape& m) {
    const QString family = r.family.empty()
                               ? tr("model_type '%1' (no family rule)").arg(QString::fromStdString(r.modelType))
                               : QString::fromStdString(r.family);
    const QString key = QString::fromStdString(r.kvKey);
    const QString kind = QString::fromStdString(kvscope::attentionKindName(m.attentionKind()));
    switch (r.kvRule) {
    case kvscope::KvHeadRule::NoAttention:
        return tr("%1: no attention layers, nothing is cached per token").arg(family);
    case kvscope::KvHeadRule::Latent:
        return tr("%1, %2: one compressed latent per token, shared by all heads (MLA)").arg(family, key);
    case kvscope::KvHeadRule::QueryHeads:
        return tr("%1, no KV-head key: one KV head per query head, %2 (MHA)").arg(family).arg(r.kvHeads);
    case kvscope::KvHeadRule::ClassDefault:
        return tr("%1, %2 absent, the configuration class's default: %3 KV heads (%4)")
            .arg(family, key)
            .arg(r.kvHeads)
            .arg(kind);
    case kvscope::KvHeadRule::KvHeadsKey:
    case kvscope::KvHeadRule::MultiQueryFlag:
    case kvscope::KvHeadRule::GroupCount:
    case kvscope::KvHeadRule::NewDecoderHeads:
        break;
    }
    return r.kvHeads == 1 ? tr("%1, %2: 1 KV head (%3)").arg(family, key, kind)
                          : tr("%1, %2: %3 KV heads (%4)").arg(family, key).arg(r.kvHeads).arg(kind);
}

QString ModelRuleText::layers(const kvscope::FamilyRule& r, const kvscope::ModelShape& m) {
    const kvscope::LayerCounts& c = r.layers;
    if (c.kv == m.layers && c.state == 0 && c.cross == 0)
        return {};
    QStringList parts{tr("%1 of %2 layers cache K and V per token").arg(c.kv).arg(m.layers)};
    if (c.state > 0)
        parts << tr("%1 hold a fixed-size state per sequence (state-space or linear attention)").arg(c.state);
    if (c.cross > 0)
        parts << tr("%1 cross-attention layers cache the image's %2 tokens per sequence")
                     .arg(c.cross)
                     .arg(QLocale().toString(qulonglong(m.crossTokens)));
    return tr("%1 (%2)").arg(parts.join(u"; "_s), QString::fromStdString(r.layerKey));
}

QString ModelRuleText::defaulted(const kvscope::FamilyRule& r) {
    if (r.defaultedKeys.empty())
        return {};
    QStringList keys;
    for (const auto& key : r.defaultedKeys)
        keys << QString::fromStdString(key);
    return tr("Absent keys taken from the %1 configuration class's defaults: %2")
        .arg(QString::fromStdString(r.family), keys.join(u", "_s));
}

namespace {
QString keyList(const kvscope::ImportResult& imported) {
    QStringList keys;
    for (const auto& key : imported.ignoredKeys)
        keys << QString::fromStdString(key);
    return keys.join(u", "_s);
}
} // namespace

QString ModelRuleText::confidence(const kvscope::ImportResult& imported) {
    switch (imported.confidence) {
    case kvscope::Confidence::Exact:
        return tr("Exact: the %1 rule applied and every key that may size memory was read")
            .arg(QString::fromStdString(imported.rule.family));
    case kvscope::Confidence::Derived:
        return tr("Derived: no rule for model_type '%1'; the generic rules read every key that may size memory")
            .arg(QString::fromStdString(imported.rule.modelType));
    case kvscope::Confidence::Unverified:
        break;
    }
    return tr("Unverified: keys that may size memory were not understood (%1)").arg(keyList(imported));
}

QString ModelRuleText::unverifiedBanner(const kvscope::ImportResult& imported) {
    return tr("Unverified figures: %1's config has keys KV Scope does not understand (%2). They may size memory, "
              "so the weights, KV cache and verdict shown may be wrong.")
        .arg(QString::fromStdString(imported.shape.displayName), keyList(imported));
}

QString ModelRuleText::unverifiedMark() {
    return tr("Unverified model:");
}

QString ModelRuleText::stored(const kvscope::ModelShape& m) {
    const auto bytes = kvscope::storedWeightBytes(m);
    if (!bytes)
        return {};
    const QLocale locale;
    QString text =
        tr("The checkpoint stores %1 parameters in %2 and %3 in %4 (%5): %6. The bars use the weight dtype "
           "chosen for the scenario.")
            .arg(locale.toString(qulonglong(bytes->quantizedParams)), viewtext::dtypeLabel(m.stored->format),
                 locale.toString(qulonglong(bytes->otherParams)), QString::fromStdString(m.stored->rest.name()),
                 QString::fromStdString(m.stored->method), viewtext::size(bytes->bytes));
    if (bytes->extraBytes > 0)
        text += u' ' + tr("Of that, %1 are scales and indices the method keeps per matrix row, per input column or "
                          "per block of groups.")
                           .arg(viewtext::size(bytes->extraBytes));
    return text;
}

QString ModelRuleText::html(const kvscope::ImportResult& imported, const kvscope::ModelShape& m) {
    QStringList lines{u"<b>"_s + rule(imported.rule, m).toHtmlEscaped() + u"</b>"_s,
                      confidence(imported).toHtmlEscaped()};
    // The confidence line names the keys not understood.
    for (const QString& line : {layers(imported.rule, m), stored(m), defaulted(imported.rule)})
        if (!line.isEmpty())
            lines << line.toHtmlEscaped();
    return lines.join(u"<br>"_s);
}
