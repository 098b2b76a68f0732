# SYNTAX TEST "source.pbi" "PBI comments and data lines"
# a comment line
# <---------------- comment.line.number-sign.pbi
A. Author;B. Author:1B6/7Q/4k3/4P2K/8/8/8/8:#2:Some Magazine 1900::1st Prize:1.Qg7:C+:S\x3at John
# <--------- entity.name.author.pbi
#        ^ punctuation.separator.names.pbi
#                  ^ punctuation.separator.field.pbi
#                   ^^^^^^^^^^^^^^^^^^^^^^^ constant.other.position.pbi
#                                           ^^ keyword.other.stipulation.pbi
#                                                                                      ^^^^ constant.character.escape.pbi
