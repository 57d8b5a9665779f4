# kvscope_set_warnings(target): the warning set every target of ours builds with.
set(KVSCOPE_CXX_WARNINGS
    -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion
    -Wnon-virtual-dtor -Wold-style-cast -Wcast-align -Woverloaded-virtual)
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    # GCC 12 reports std::string concatenation as overlapping memcpy (GCC bug 105329).
    list(APPEND KVSCOPE_CXX_WARNINGS -Wno-restrict)
endif()

function(kvscope_set_warnings target)
    target_compile_options(${target} PRIVATE "$<$<COMPILE_LANGUAGE:CXX>:${KVSCOPE_CXX_WARNINGS}>")
    if(KVSCOPE_WERROR)
        target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Werror>
                                                 $<$<COMPILE_LANGUAGE:CUDA>:-Werror=all-warnings>)
    endif()
endfunction()
