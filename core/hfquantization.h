#pragma once

// The importer's reading of a config.json's quantization_config (internal to core: hfconfig.cpp calls it).

#include "modelshape.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace kvscope::hfquant {

// Reads `config` (the quantization_config object) for a model of shape `model` into `out`: the format the
// covered matrices are stored in, which parts it covers, and what the method stores per row or column.
// Every method's storage follows its own packing code (cited at each reader). Returns false, with `why`
// saying what is not modelled, for a method, a key, a bit width or a module pattern this reading does not
// know: the importer then reports quantization_config and the import is unverified, never guessed.
// `modelDtype` is the checkpoint's 16-bit dtype (the one the scales of some methods are kept in).
bool read(const nlohmann::json& config, const ModelShape& model, DType modelDtype, StoredWeights& out,
          std::string& why);

} // namespace kvscope::hfquant
