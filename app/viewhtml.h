#pragma once

#include "scenario.h"

#include <QString>

// The pages' sentences that carry colour (chartstyle's palette-aware set) or sizes from the
// window's style: QtGui's side of viewtext, in the widgets library. Plain text is in viewtext.h.
namespace viewtext {

// "Fits: 2.10 GiB to spare" / "Out of memory: short by 2.03 GiB", coloured.
QString verdictHtml(const kvscope::Estimate& estimate);
// What the verdict compares and what it does not promise; the same for every scenario, so that a
// page shows it apart from the verdict, which changes with every slider step.
QString verdictNoteHtml();
// The KV formula with the current numbers put in, term by term.
QString kvFormulaHtml(const kvscope::Scenario& scenario, const kvscope::Estimate& estimate);
// What the formula's symbols stand for (empty for MLA, whose formula names its own terms); kept
// apart from the formula for the same reason as the verdict's note.
QString kvFormulaLegendHtml(const kvscope::ModelShape& model);
// The colour each symbol of the KV formula is drawn in, shared by the formula and its legend.
QString symbolColor(char symbol); // 'L', 'B', 'S', 'H', 'D', 'b' (bytes), '2'
// Why the cache holds no token, with the numbers (red); empty when it holds some.
QString capacityEmptyHtml(const kvscope::Capacity& capacity);

} // namespace viewtext
