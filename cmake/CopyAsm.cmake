# Copies the assembly listings of the hush_asm object library to OUT/<name>.s
file(MAKE_DIRECTORY ${OUT})
string(REPLACE "|" ";" _objs "${OBJECTS}")
foreach(o IN LISTS _objs)
  get_filename_component(n ${o} NAME)
  string(REGEX REPLACE "\\.c\\.o$" ".s" n ${n})
  configure_file(${o} ${OUT}/${n} COPYONLY)
endforeach()
