// MeCab's C API (Debian libmecab-dev); the dictionary is mecab-ipadic-utf8.
#include <mecab.h>
