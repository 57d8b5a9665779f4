#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kvscope {

// An enum's names as one table, in the order lists show them: its name, its parse and the "expected a, b or c"
// of a refusal are read from the table, so a value's name is written once and a new value is one row.
//     constexpr EnumName<PreemptionMode> kPreemptionModes[] = {{PreemptionMode::Recompute, "recompute"}, ...};
template <class E> struct EnumName {
    E value;
    std::string_view name;
};

// The value's name; `missing` for a value with no row (an enum cast from a number).
template <class E, std::size_t N>
constexpr std::string_view enumName(const EnumName<E> (&table)[N], E value, std::string_view missing = "?") {
    for (const EnumName<E>& row : table)
        if (row.value == value)
            return row.name;
    return missing;
}

template <class E, std::size_t N>
constexpr std::optional<E> enumFromName(const EnumName<E> (&table)[N], std::string_view name) {
    for (const EnumName<E>& row : table)
        if (row.name == name)
            return row.value;
    return std::nullopt;
}

// Every value, and every name, in the table's order.
template <class E, std::size_t N> std::vector<E> enumValues(const EnumName<E> (&table)[N]) {
    std::vector<E> values;
    for (const EnumName<E>& row : table)
        values.push_back(row.value);
    return values;
}
template <class E, std::size_t N> std::vector<std::string> enumNames(const EnumName<E> (&table)[N]) {
    std::vector<std::string> names;
    for (const EnumName<E>& row : table)
        names.emplace_back(row.name);
    return names;
}

// "a, b or c" (`last` before the last name).
template <class E, std::size_t N>
std::string enumNameList(const EnumName<E> (&table)[N], std::string_view last = " or ") {
    std::string out;
    for (std::size_t i = 0; i < N; ++i) {
        out += i == 0 ? "" : i + 1 == N ? last : ", ";
        out += table[i].name;
    }
    return out;
}

} // namespace kvscope
