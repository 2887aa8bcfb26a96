# tdchess.bash - bash completion for the tdchess programs (installed as
# "tdchess" in bash-completion's completions directory, and linked there as
# the name of every other program, so that bash-completion loads it on the
# first Tab after any of them).
#
# The options come from each program's --help, read when an option is first
# completed and kept for the session, so that they cannot drift from the
# programs; the words an option takes (themes, piece styles, modes, levels,
# tdchess-match's keys...) and the kinds of file are listed here, and
# tests/completion.test checks them against the programs.
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

# The options of program $1 (a command word), one a line: the option,
# then, for one that takes an argument, a space and the argument's name as
# --help writes it (FILE, MODE, round-robin|gauntlet...).
_tdchess_help_options()
{
    local prog=$1 key
    key=${prog//[^A-Za-z0-9_]/_}
    declare -gA _tdchess_help_cache 2>/dev/null || return 0
    if [[ -z ${_tdchess_help_cache[$key]+set} ]]; then
        # An option line starts with blanks and '-'; an argument follows the
        # option after '=' or one blank, and the description after two.
        _tdchess_help_cache[$key]=$(LC_ALL=C "$prog" --help 2>/dev/null |
            LC_ALL=C sed -n -e '/^  *-/!d' \
                -e 's/^ *\(-[A-Za-z0-9]\), \(--[a-z][a-z0-9-]*\)\([= ][^ ][^ ]*\)\{0,1\}.*/\1\3\n\2\3/p' \
                -e 't' \
                -e 's/^ *\(--*[A-Za-z][A-Za-z0-9-]*\)\([= ][^ ][^ ]*\)\{0,1\}.*/\1\2/p' |
            LC_ALL=C sed -e 's/^\(-[^= ]*\)[= ]/\1 /' | LC_ALL=C awk '!seen[$0]++')
    fi
    printf '%s\n' "${_tdchess_help_cache[$key]}"
}

# The commands of program $1: the words of its "Commands:" section.
_tdchess_help_commands()
{
    LC_ALL=C "$1" --help 2>/dev/null |
        LC_ALL=C sed -n -e '/^Commands:/,/^$/s/^  \([a-z][a-z]*\)  *.*/\1/p'
}

# Adds to COMPREPLY the files of $cur whose names end in one of the
# extensions $@ (without the dot), and the directories.
_tdchess_files()
{
    local ext pattern='' IFS=$'\n'
    for ext; do pattern+="${pattern:+|}*.$ext"; done
    compopt -o filenames 2>/dev/null
    COMPREPLY+=($(compgen -d -- "$cur"))
    if [[ -n $pattern ]]; then
        COMPREPLY+=($(shopt -s extglob; compgen -f -X "!@($pattern)" -- "$cur"))
    else
        COMPREPLY+=($(compgen -f -- "$cur"))
    fi
}

# Adds to COMPREPLY the words $@ that start with $cur.
_tdchess_words()
{
    local IFS=$'\n'
    COMPREPLY+=($(compgen -W "$*" -- "$cur"))
}

# The kinds of file: evaluation files (sets, networks), sets and their text
# form, opening books, PGN games, EPD suites, training data.
_tdchess_eval_ext=(set nnue txt)
_tdchess_set_ext=(set txt)
_tdchess_book_ext=(bin)
_tdchess_pgn_ext=(pgn pgn.gz)
_tdchess_epd_ext=(epd fin)
_tdchess_data_ext=(bin)

# The fixed words of the options that take one (tests/completion.test
# compares them with what the programs accept).
_tdchess_modes='computer-black computer-white two-humans two-computers'
_tdchess_levels='beginner casual club strong expert full'
_tdchess_themes='brown green blue grey contrast'
_tdchess_pieces='auto figures symbols letters'
_tdchess_book_modes='best weighted random'
_tdchess_engine_specs='uci: xboard: tdchess tdchess:'
_tdchess_activations='linear sigmoid'
# tdchess-match: the keys after -engine/-each, -openings, -sprt, -resign
# and -draw, and the words of -tournament and -tbadjudicate.
_tdchess_match_engine_keys='cmd= proto= name= set= option. tc= st= nodes= depth='
_tdchess_match_openings_keys='file= format= order= start= plies='
_tdchess_match_sprt_keys='elo0= elo1= alpha= beta= model='
_tdchess_match_resign_keys='movecount= score='
_tdchess_match_draw_keys='movenumber= movecount= score='
_tdchess_match_tournaments='round-robin gauntlet'
_tdchess_match_tbadjudicate='WIN_LOSS DRAW BOTH'

# Completes the argument $cur of option $1 of program $2 (its name); $3 is
# the argument's name in --help.
_tdchess_option_value()
{
    local opt=$1 prog=$2 arg=$3 cur=$cur
    case $prog:$opt in
    tdchess:-m | tdchess:--mode) _tdchess_words $_tdchess_modes ;;
    tdchess:-l | tdchess:--level) _tdchess_words $_tdchess_levels ;;
    tdchess:--theme) _tdchess_words $_tdchess_themes ;;
    tdchess:--pieces) _tdchess_words $_tdchess_pieces ;;
    tdchess:--book-mode) _tdchess_words $_tdchess_book_modes ;;
    tdchess:--book | tdchess-book:-b | tdchess-book:--book)
        _tdchess_words gnuchess default
        _tdchess_files "${_tdchess_book_ext[@]}"
        ;;
    tdchess:--white-engine | tdchess:--black-engine)
        case $cur in
        uci:* | xboard:*)
            local kind=${cur%%:*}: cmd
            cur=${cur#*:}
            for cmd in $(compgen -c -- "$cur"); do COMPREPLY+=("$kind$cmd"); done
            ;;
        tdchess:*)
            cur=${cur#tdchess:}
            _tdchess_files "${_tdchess_eval_ext[@]}"
            COMPREPLY=("${COMPREPLY[@]/#/tdchess:}")
            ;;
        *)
            _tdchess_words $_tdchess_engine_specs
            compopt -o nospace 2>/dev/null
            ;;
        esac
        ;;
    tdchess:--engine-option | tdchess:--engine-elo)
        _tdchess_words white: black:
        compopt -o nospace 2>/dev/null
        ;;
    tdchess:--tb-path | tdchess-match:-tb)
        local prefix=${cur%"${cur##*:}"}
        cur=${cur##*:}
        [[ -z $prefix ]] && _tdchess_words none
        compopt -o filenames 2>/dev/null
        local IFS=$'\n'
        COMPREPLY+=($(compgen -d -- "$cur"))
        COMPREPLY=("${COMPREPLY[@]/#/$prefix}")
        ;;
    tdchess:--pgn | tdchess-match:-pgnout) _tdchess_files "${_tdchess_pgn_ext[@]}" ;;
    tdchess-puzzles:-w | tdchess-puzzles:--eval-file) _tdchess_files "${_tdchess_set_ext[@]}" nnue ;;
    tdchess-train:-a | tdchess-train:--activation) _tdchess_words $_tdchess_activations ;;
    tdchess-set:-t | tdchess-set:--to) _tdchess_words 2 3 4 5 6 ;;
    tdchess-train:--checkpoint) _tdchess_files ckpt ;;
    tdchess-datagen:-r | tdchess-datagen:--relabel) _tdchess_files "${_tdchess_pgn_ext[@]}" ;;
    tdchess-datagen:-o | tdchess-datagen:--openings | tdchess-test:-p | tdchess-test:--perft)
        _tdchess_files "${_tdchess_epd_ext[@]}"
        ;;
    tdchess-book:-o | tdchess-book:--output) _tdchess_files "${_tdchess_book_ext[@]}" ;;
    tdchess-match:-tournament) _tdchess_words $_tdchess_match_tournaments ;;
    tdchess-match:-tbadjudicate) _tdchess_words $_tdchess_match_tbadjudicate ;;
    *)
        case $arg in
        *FILE*) _tdchess_files "${_tdchess_eval_ext[@]}" ;;
        DIR*) _tdchess_files ;;
        esac
        ;;
    esac
}

# tdchess-match: completes $cur, a KEY=VALUE word after option $1
# (-engine, -each, -openings, -sprt, -resign or -draw).
_tdchess_match_keyword()
{
    local opt=$1 key cur=$cur
    if [[ $cur != *=* ]]; then
        case $opt in
        -engine | -each) _tdchess_words $_tdchess_match_engine_keys ;;
        -openings) _tdchess_words $_tdchess_match_openings_keys ;;
        -sprt) _tdchess_words $_tdchess_match_sprt_keys ;;
        -resign) _tdchess_words $_tdchess_match_resign_keys ;;
        -draw) _tdchess_words $_tdchess_match_draw_keys ;;
        esac
        # "builtin" alone: cmd=builtin, as the first word after -engine.
        [[ $opt == -engine && ${words[cword - 1]} == -engine && builtin == "$cur"* ]] &&
            COMPREPLY+=(builtin)
        compopt -o nospace 2>/dev/null
        return
    fi
    key=${cur%%=*}
    cur=${cur#*=}
    case $opt:$key in
    -engine:cmd | -each:cmd)
        local IFS=$'\n'
        COMPREPLY+=($(compgen -W builtin -- "$cur") $(compgen -c -- "$cur"))
        ;;
    -engine:proto | -each:proto) _tdchess_words uci xboard ;;
    -engine:set | -each:set) _tdchess_files "${_tdchess_eval_ext[@]}" ;;
    -openings:file) _tdchess_files epd pgn ;;
    -openings:format) _tdchess_words epd pgn ;;
    -openings:order) _tdchess_words sequential random ;;
    -sprt:model) _tdchess_words logistic normalized ;;
    esac
    # Without '=' among the word breaks, the whole word is replaced.
    [[ $COMP_WORDBREAKS == *=* ]] || COMPREPLY=("${COMPREPLY[@]/#/$key=}")
}

# The positional arguments: files of the kind the program reads, and the
# commands of those that have them.  $1: the program's name, $2: its path,
# $3: the command word given (tdchess-set, tdchess-book), $4: the number of
# the argument after it (1 the first).
_tdchess_arguments()
{
    local prog=$1 path=$2 command=$3 n=$4
    case $prog in
    tdchess-set | tdchess-book | tdchess)
        if [[ -z $command ]]; then
            _tdchess_words $(_tdchess_help_commands "$path")
            return
        fi
        ;;
    esac
    case $prog:$command in
    tdchess-set:dump) ((n == 1)) && _tdchess_files "${_tdchess_eval_ext[@]}" || _tdchess_files txt ;;
    tdchess-set:load) ((n == 1)) && _tdchess_files txt || _tdchess_files set ;;
    tdchess-set:check) _tdchess_files "${_tdchess_eval_ext[@]}" ;;
    tdchess-set:handmade) _tdchess_files txt ;;
    tdchess-set:extend) _tdchess_files "${_tdchess_set_ext[@]}" ;;
    tdchess-set:revalue)
        if ((n <= 2)); then
            _tdchess_files "${_tdchess_set_ext[@]}"
        else
            _tdchess_words pawn= knight= bishop= rook= queen=
        fi
        ;;
    tdchess-set:symmetry | tdchess-set:bench) _tdchess_files "${_tdchess_epd_ext[@]}" ;;
    tdchess-book:build) _tdchess_files "${_tdchess_pgn_ext[@]}" ;;
    tdchess-book:info) _tdchess_files "${_tdchess_book_ext[@]}" ;;
    tdchess-book:probe) [[ -z $cur ]] || _tdchess_words startpos ;;
    tdchess-test:*) _tdchess_files "${_tdchess_epd_ext[@]}" ;;
    tdchess-normalize:*) ((n <= 2)) && _tdchess_files "${_tdchess_set_ext[@]}" ;;
    tdchess-pgn2bin:*) _tdchess_files "${_tdchess_pgn_ext[@]}" "${_tdchess_data_ext[@]}" ;;
    tdchess-shuffle:* | tdchess-datagen:*) _tdchess_files "${_tdchess_data_ext[@]}" ;;
    tdchess-train:*) _tdchess_files "${_tdchess_data_ext[@]}" set nnue ;;
    tdchess-puzzles:*) _tdchess_files "${_tdchess_epd_ext[@]}" "${_tdchess_pgn_ext[@]}" ;;
    esac
}

# The completion function of every tdchess program.
_tdchess()
{
    COMPREPLY=()
    # Join what bash split at '=' and ':' (COMP_WORDBREAKS) back into the
    # words the program sees: "--theme" "=" "b" is --theme=b.
    local -a words=()
    local i cword=0 word joined=0
    for ((i = 0; i < ${#COMP_WORDS[@]}; i++)); do
        word=${COMP_WORDS[i]}
        if ((i > 0)) && [[ $word == [=:]* || ($joined == 1 && ${words[-1]} == *[=:]) ]]; then
            words[-1]+=$word
            joined=1
        else
            words+=("$word")
            joined=0
        fi
        ((i == COMP_CWORD)) && cword=$((${#words[@]} - 1))
    done
    local cur=${words[cword]} path=${words[0]} prog
    prog=${path##*/}
    # An uninstalled program may be called by its libtool-less build path.
    [[ $prog == tdchess* ]] || prog=tdchess

    # What option is the word at the cursor the argument of, if any?
    local options opt arg='' command='' npos=0 n takes=''
    options=$(_tdchess_help_options "$path")
    for ((i = 1; i < cword; i++)); do
        word=${words[i]}
        if [[ -n $takes ]]; then
            takes=
            continue
        fi
        if [[ $word == -* && $word != *=* ]]; then
            # An option that takes its argument in the next word.
            [[ $'\n'$options$'\n' == *$'\n'"$word "* ]] && takes=1
        elif [[ $word != -* ]]; then
            [[ -n $command ]] || command=$word
            npos=$((npos + 1))
        fi
    done
    # The number of the argument at the cursor (after the command word of
    # tdchess-set and tdchess-book), 1 the first.
    case $prog in
    tdchess-set | tdchess-book) n=$npos ;;
    *) n=$((npos + 1)) ;;
    esac

    # tdchess-match: the KEY=VALUE words after -engine and the like.
    if [[ $prog == tdchess-match ]]; then
        opt=
        for ((i = cword - 1; i > 0; i--)); do
            [[ ${words[i]} == -* ]] && { opt=${words[i]}; break; }
        done
        case $opt in
        -engine | -each | -openings | -sprt | -resign | -draw)
            if [[ $cur != -* ]]; then
                _tdchess_match_keyword "$opt"
                return 0
            fi
            ;;
        esac
    fi

    # The argument of the option before: "--opt ARG" or "-o ARG".
    if [[ -n $takes ]]; then
        opt=${words[cword - 1]}
        arg=$(printf '%s\n' "$options" | LC_ALL=C sed -n "s/^$opt //p" | head -n 1)
        _tdchess_option_value "$opt" "$prog" "$arg"
        return 0
    fi
    # "--opt=ARG"
    if [[ $cur == --*=* ]]; then
        opt=${cur%%=*}
        local value=${cur#*=}
        arg=$(printf '%s\n' "$options" | LC_ALL=C sed -n "s/^$opt //p" | head -n 1)
        cur=$value
        _tdchess_option_value "$opt" "$prog" "$arg"
        if [[ $COMP_WORDBREAKS == *:* && $cur == *:* ]]; then
            __tdchess_ltrim_colon
        elif [[ $COMP_WORDBREAKS != *=* ]]; then
            COMPREPLY=("${COMPREPLY[@]/#/$opt=}")
        fi
        return 0
    fi
    # An option: those of --help, "--opt=" for one that takes an argument.
    if [[ $cur == -* ]]; then
        local IFS=$'\n' line candidates=()
        # tdchess-match's --help names these two in its engine list.
        [[ $prog == tdchess-match ]] && candidates+=(-engine -each)
        for line in $options; do
            opt=${line%% *}
            if [[ $opt == --* && $line == *' '* ]]; then
                candidates+=("$opt=")
            else
                candidates+=("$opt")
            fi
        done
        COMPREPLY=($(compgen -W "${candidates[*]}" -- "$cur"))
        [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *= ]] && compopt -o nospace 2>/dev/null
        return 0
    fi
    _tdchess_arguments "$prog" "$path" "$command" "$n"
    __tdchess_ltrim_colon
    return 0
}

# With ':' among the word breaks bash replaces only what follows the last
# ':' of the word: take that much off each answer (as bash-completion's
# __ltrim_colon_completions does).
__tdchess_ltrim_colon()
{
    [[ $COMP_WORDBREAKS == *:* && $cur == *:* ]] || return 0
    local prefix=${cur%"${cur##*:}"} i
    for i in "${!COMPREPLY[@]}"; do
        COMPREPLY[i]=${COMPREPLY[i]#"$prefix"}
    done
}

complete -F _tdchess tdchess tdchess-test tdchess-set tdchess-normalize tdchess-book \
    tdchess-match tdchess-pgn2bin tdchess-shuffle tdchess-train tdchess-datagen tdchess-puzzles
