#pragma once

#include "scenario.h"

#include <QStringList>
#include <QWidget>

#include <optional>

class ScenarioController;
class SliderSpin;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

// Every input of a scenario: model preset, shape, dtypes, workload and GPU. Writes
// through the controller and re-reads the scenario after every change, so the controls
// always show what core/ accepted.
class ControlsPanel : public QWidget {
    Q_OBJECT

public:
    explicit ControlsPanel(ScenarioController* controller, QWidget* parent = nullptr);

    // The rows a page can ask for; presenter mode shows only the ones its page uses.
    using Field = kvscope::ScenarioField; // Model is the preset row
    void showOnly(const QList<Field>& fields);
    void showAllFields();
    bool isFieldVisible(Field field) const;
    // The label of a field's row, for tests; null for a field the panel has no row for.
    QLabel* rowLabel(Field field) const;
    // What the open lesson fixes (disabled) or takes off the panel, by control name (kvscope::lessonControlTargets);
    // empty lists give every control back. Folding (showOnly, showAllFields) keeps the hidden ones off.
    void setLessonRestrictions(const QStringList& locked, const QStringList& hidden);
    QStringList lockedByLesson() const { return m_lessonLocked; }

    // For tests and the benchmark: the controls by name.
    SliderSpin* layers() const { return m_layers; }
    SliderSpin* hidden() const { return m_hidden; }
    SliderSpin* heads() const { return m_heads; }
    QComboBox* kvHeads() const { return m_kvHeads; }
    SliderSpin* context() const { return m_context; }
    SliderSpin* batch() const { return m_batch; }
    QComboBox* preset() const { return m_preset; }
    QComboBox* weightDtype() const { return m_weightDtype; }
    QComboBox* kvDtype() const { return m_kvDtype; }
    QComboBox* gpu() const { return m_gpu; }
    QComboBox* tensorParallel() const { return m_tp; }
    QComboBox* speculative() const { return m_speculative; }
    QComboBox* draftModel() const { return m_draftModel; }
    QSpinBox* draftTokens() const { return m_draftTokens; }
    QDoubleSpinBox* acceptance() const { return m_acceptance; }

signals:
    void openConfigRequested();

private:
    void buildModelGroup(class QFormLayout* form);
    void buildSpeculationGroup(class QFormLayout* form);
    void syncFromScenario();
    void applyPreset(int index);
    void addRow(class QFormLayout* form, Field field, const QString& label, QWidget* widget);
    void describeRows();
    void applyLessonRestrictions();
    // The row of the input core refused: its label in the error colour with a warning sign, the reason as its
    // tooltip; every other row as it was. None: every row as it was.
    void markRefusedField(std::optional<Field> field, const QString& reason);

    struct Row {
        Field field;
        class QFormLayout* form;
        QWidget* widget;
    };
    QList<Row> m_rows;
    struct Marked {
        class QLabel* label = nullptr;
        QString text, toolTip;
    };
    std::optional<Marked> m_marked; // the refused row's label as it was
    QList<class QGroupBox*> m_groups;
    QWidget* m_openConfig = nullptr;

    ScenarioController* m_controller;
    QComboBox* m_preset;
    QLabel* m_modelNote;
    SliderSpin* m_layers;
    SliderSpin* m_hidden;
    SliderSpin* m_heads;
    QComboBox* m_kvHeads;
    SliderSpin* m_headDim;
    QCheckBox* m_headDimAuto;
    QDoubleSpinBox* m_params;
    QCheckBox* m_paramsAuto;
    SliderSpin* m_context;
    SliderSpin* m_batch;
    QComboBox* m_weightDtype;
    QComboBox* m_kvDtype;
    QComboBox* m_gpu;
    QDoubleSpinBox* m_gpuMemory;
    QDoubleSpinBox* m_utilization;
    QComboBox* m_tp;
    QComboBox* m_speculative;
    QComboBox* m_draftModel;
    QSpinBox* m_draftTokens;
    QDoubleSpinBox* m_acceptance;
    QLabel* m_error;
    QLabel* m_lessonNote; // which controls the open lesson fixes or hides, and that they come back
    QStringList m_lessonLocked;
    QStringList m_lessonHidden;
};
