#include "memorypage.h"

#include "breakdownmodel.h"
#include "scenariocontroller.h"
#include "viewtext.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

MemoryPage::MemoryPage(ScenarioController* controller, QWidget* parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_breakdown(new BreakdownModel(this))
    , m_verdict(new QLabel(this))
    , m_formula(new QLabel(this))
    , m_table(new QTableView(this))
{
    m_verdict->setTextFormat(Qt::RichText);
    m_formula->setTextFormat(Qt::RichText);
    m_formula->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table->setModel(m_breakdown);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_verdict);
    layout->addWidget(m_formula);
    layout->addWidget(m_table, 1);

    connect(controller, &ScenarioController::scenarioChanged, this, &MemoryPage::refresh);
    refresh();
}

QString MemoryPage::verdictText() const { return m_verdict->text(); }

void MemoryPage::refresh()
{
    m_breakdown->resetData(m_controller->scenario(), m_controller->estimate());
    m_table->resizeColumnsToContents();
    m_verdict->setText(viewtext::verdictHtml(m_controller->estimate()));
    m_formula->setText(viewtext::kvFormulaHtml(m_controller->scenario(), m_controller->estimate()));
}
