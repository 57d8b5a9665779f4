#pragma once

#include "hfconfig.h"

#include <QCoreApplication>
#include <QString>

// The importer's family rule in words, for the window: "Falcon, multi_query: 1 KV head (MQA)",
// the layer mix of a hybrid, and the keys it ignored. core/ gives the data; this is only text.
class ModelRuleText {
    Q_DECLARE_TR_FUNCTIONS(ModelRuleText)

public:
    // Which rule decided the KV heads, and why ("Falcon, multi_query: 1 KV head (MQA)").
    static QString rule(const kvscope::FamilyRule& rule, const kvscope::ModelShape& model);
    // "4 of 32 layers cache K and V per token; 28 hold a fixed state per sequence (attn_layer_period ...)";
    // empty when every layer attends.
    static QString layers(const kvscope::FamilyRule& rule, const kvscope::ModelShape& model);
    // "Absent keys taken from the Gemma 3 configuration class's defaults: ..."; empty when none.
    static QString defaulted(const kvscope::FamilyRule& rule);
    // How sure the import is: "Exact: ...", "Derived: ...", "Unverified: ..." (core's Confidence).
    static QString confidence(const kvscope::ImportResult& imported);
    // The window's banner over every page while an unverified import is the scenario's model.
    static QString unverifiedBanner(const kvscope::ImportResult& imported);
    // Put before the verdict and the capacity figures of an unverified model.
    static QString unverifiedMark();
    // How the checkpoint stores its weights (quantization_config), with core's bytes; empty when not stated.
    static QString stored(const kvscope::ModelShape& model);
    // All of the above as one rich-text paragraph for the memory page.
    static QString html(const kvscope::ImportResult& imported, const kvscope::ModelShape& model);
};
