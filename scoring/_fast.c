/* scoring._fast: the optional compiled replay behind ``score --jsonl``'s one-pass lines.
 *
 * ubongo_rounds() and jaipur_rounds() replay the rounds of a plainly valid record and write
 * their JSON summaries, as the Python one-pass replays of scoring.ubongo and scoring.jaipur do
 * (which stay, and are used when this module is not built or UBONGO_PURE is set). They answer
 * None wherever the Python replay answers None (or meets a KeyError or TypeError): a round that
 * is not plainly valid, an unknown name or good, a bag or pile run dry. The caller checks the
 * rest (players, the number of rounds) and gives only ASCII quoted names, so the text is built
 * as bytes. Jaipur's rules (tokens, deck, bonus piles, limits) come from scoring.jaipur once,
 * through jaipur_tables().
 *
 * Plain C and the CPython API, like solver/_core.c; tests/test_scoring_fast.py holds both
 * replays to the long way's bytes, tests/test_core_contract.py what each function refuses.
 *
 * Jaipur's tables live in the module's state (PyModule_GetState), one copy per module object,
 * so each interpreter that imports the module has its own and the per-interpreter GIL slot is
 * true; they are written by jaipur_tables() and read by jaipur_rounds() with no lock, so the
 * module says it needs the GIL (Py_mod_gil) where a build could run without one. Reading a
 * record runs no Python code: dicts with a key that is not an exact str are not plainly valid
 * (so no __eq__ or __hash__ of the caller's runs while borrowed items are held), numbers are
 * exact ints.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdio.h>
#include <string.h>

#define MAX_PLAYERS 4
#define COLOURS 4
#define ROUNDS 9

static const char *const COLOUR[COLOURS] = {"ruby", "sapphire", "emerald", "amber"};
static const Py_ssize_t COLOUR_LEN[COLOURS] = {4, 8, 7, 5};
static const long BAG_START[COLOURS] = {10, 10, 10, 10};
/* The marker's gem the i-th finisher takes: a sapphire, then an amber (colour indexes). */
static const int MARK[MAX_PLAYERS] = {1, 3, -1, -1};
#define MARKER_START 9

typedef struct {
    char *data;
    Py_ssize_t len, room;
} Text;

/* Append n bytes; -1 (MemoryError) when the buffer cannot grow. */
static int
put(Text *t, const char *s, Py_ssize_t n)
{
    if (t->len + n > t->room) {
        Py_ssize_t room = 2 * (t->len + n);
        char *data = PyMem_Realloc(t->data, (size_t)room);
        if (data == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        t->data = data;
        t->room = room;
    }
    memcpy(t->data + t->len, s, (size_t)n);
    t->len += n;
    return 0;
}

static int
puts_(Text *t, const char *s)
{
    return put(t, s, (Py_ssize_t)strlen(s));
}

static int
put_long(Text *t, long v)
{
    char digits[24];
    int n = snprintf(digits, sizeof digits, "%ld", v);
    return put(t, digits, n);
}

/* An ASCII str's bytes (the caller made sure the quoted names are ASCII). */
static int
put_str(Text *t, PyObject *s)
{
    return put(t, (const char *)PyUnicode_1BYTE_DATA(s), PyUnicode_GET_LENGTH(s));
}

static int
put_colour(Text *t, int c)
{
    return put(t, "\"", 1) || put(t, COLOUR[c], COLOUR_LEN[c]) || put(t, "\"", 1);
}

/* The colour index of a gem's English name, or -1 for anything else. */
static int
colour_of(PyObject *o)
{
    if (!PyUnicode_CheckExact(o) || !PyUnicode_IS_ASCII(o)) return -1;
    Py_ssize_t n = PyUnicode_GET_LENGTH(o);
    const char *s = (const char *)PyUnicode_1BYTE_DATA(o);
    for (int c = 0; c < COLOURS; c++)
        if (n == COLOUR_LEN[c] && memcmp(s, COLOUR[c], (size_t)n) == 0) return c;
    return -1;
}

/* Whether every key of the dict d is an exact str: then looking a str up in it compares str
 * with str and runs no Python code. A dict read from JSON has only such keys. */
static int
str_keys(PyObject *d)
{
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    while (PyDict_Next(d, &pos, &key, &value))
        if (!PyUnicode_CheckExact(key)) return 0;
    return 1;
}

/* The index of the player named o, or -1 (not a str, or nobody's name). Equal str have the
 * same kind and length (CPython keeps every str in its most compact form). */
static int
player_of(PyObject *o, PyObject *const *players, int n)
{
    if (!PyUnicode_CheckExact(o)) return -1;
    Py_ssize_t len = PyUnicode_GET_LENGTH(o);
    int kind = PyUnicode_KIND(o);
    for (int j = 0; j < n; j++) {
        PyObject *p = players[j];
        if (p == o) return j;
        if (PyUnicode_GET_LENGTH(p) == len && PyUnicode_KIND(p) == kind &&
            memcmp(PyUnicode_DATA(p), PyUnicode_DATA(o), (size_t)(len * kind)) == 0)
            return j;
    }
    return -1;
}

/* The players (least to most of them, as str) and their quoted names (ASCII str) of two
 * lists into arrays (borrowed references); -1 with an exception when they are not that. */
static int
read_names(PyObject *players_obj, PyObject *quoted_obj, Py_ssize_t least, Py_ssize_t most,
           PyObject **players, PyObject **quoted)
{
    Py_ssize_t n = PyList_GET_SIZE(players_obj);
    if (n < least || n > most || PyList_GET_SIZE(quoted_obj) != n) {
        PyErr_Format(PyExc_ValueError, "%zd to %zd players and as many quoted names", least, most);
        return -1;
    }
    for (Py_ssize_t j = 0; j < n; j++) {
        players[j] = PyList_GET_ITEM(players_obj, j);
        quoted[j] = PyList_GET_ITEM(quoted_obj, j);
        if (!PyUnicode_CheckExact(players[j]) || !PyUnicode_CheckExact(quoted[j]) ||
            !PyUnicode_IS_ASCII(quoted[j])) {
            PyErr_SetString(PyExc_TypeError, "players are str, quoted names ASCII str");
            return -1;
        }
    }
    return 0;
}

typedef struct {
    int player, mark, colour; /* mark: the marker's colour taken, or -1 */
} Award;

/* One round replayed into gems/finishes/bag and its summary appended to t: 1 done, 0 not
 * plainly valid, -1 on error (set). */
static int
ubongo_round(PyObject *rnd, int number, PyObject *const *players, PyObject *const *quoted,
             int np, long gems[][COLOURS + 1], long *bag, Text *t)
{
    if (!PyDict_CheckExact(rnd) || PyDict_GET_SIZE(rnd) != 2 || !str_keys(rnd)) return 0;
    PyObject *finished = PyDict_GetItemString(rnd, "finished");
    PyObject *drawn = PyDict_GetItemString(rnd, "drawn");
    if (finished == NULL || drawn == NULL) return 0;
    if (!PyList_CheckExact(finished) || !PyList_CheckExact(drawn)) return 0;
    Py_ssize_t k = PyList_GET_SIZE(finished);
    if (k != PyList_GET_SIZE(drawn) || k > MAX_PLAYERS) return 0;
    Award award[MAX_PLAYERS];
    for (Py_ssize_t i = 0; i < k; i++) {
        int j = player_of(PyList_GET_ITEM(finished, i), players, np);
        int c = colour_of(PyList_GET_ITEM(drawn, i));
        if (j < 0 || c < 0) return 0;
        for (Py_ssize_t a = 0; a < i; a++)
            if (award[a].player == j) return 0; /* twice in a round */
        if (!bag[c]) return 0;                  /* the bag is out of that colour */
        bag[c]--;
        gems[j][c]++;
        gems[j][COLOURS]++; /* finishes */
        int m = MARK[i];
        if (m >= 0) gems[j][m]++;
        award[i] = (Award){j, m, c};
    }
    for (Py_ssize_t i = k; i < 2; i++) bag[MARK[i]]++; /* the marker's gems not taken */
    if (number > 1 && put(t, ", ", 2)) return -1;
    if (puts_(t, "{\"round\": ") || put_long(t, number) || puts_(t, ", \"finished\": [")) return -1;
    for (Py_ssize_t i = 0; i < k; i++)
        if ((i && put(t, ", ", 2)) || put_str(t, quoted[award[i].player])) return -1;
    if (puts_(t, "], \"awards\": {")) return -1;
    for (Py_ssize_t i = 0; i < k; i++) {
        if ((i && put(t, ", ", 2)) || put_str(t, quoted[award[i].player]) || put(t, ": [", 3))
            return -1;
        if (award[i].mark >= 0 && (put_colour(t, award[i].mark) || put(t, ", ", 2))) return -1;
        if (put_colour(t, award[i].colour) || put(t, "]", 1)) return -1;
    }
    if (puts_(t, "}, \"thrown_into_bag\": [")) return -1;
    for (Py_ssize_t i = k; i < 2; i++)
        if ((i > k && put(t, ", ", 2)) || put_colour(t, MARK[i])) return -1;
    if (puts_(t, "], \"bag\": {")) return -1;
    for (int c = 0; c < COLOURS; c++) {
        if ((c && put(t, ", ", 2)) || put_colour(t, c) || put(t, ": ", 2) || put_long(t, bag[c]))
            return -1;
    }
    long left = MARKER_START - number;
    if (puts_(t, "}, \"marker\": {\"sapphire\": ") || put_long(t, left) ||
        puts_(t, ", \"amber\": ") || put_long(t, left) || puts_(t, "}}"))
        return -1;
    return 1;
}

PyDoc_STRVAR(ubongo_rounds_doc,
"ubongo_rounds(rounds, players, quoted) -> (text, counts) | None\n\n"
"The rounds of an Ubongo record replayed: their summaries as JSON text (the items of the\n"
"result's \"rounds\" list) and per player, in order, the rubies, sapphires, emeralds,\n"
"ambers and finishes. None when a round is not plainly valid. ``rounds`` is a list of at\n"
"most 9, ``players`` 2-4 distinct str, ``quoted`` their JSON strings, all ASCII.");

static PyObject *
ubongo_rounds(PyObject *module, PyObject *args)
{
    PyObject *rounds, *players_obj, *quoted_obj;
    if (!PyArg_ParseTuple(args, "O!O!O!:ubongo_rounds", &PyList_Type, &rounds, &PyList_Type,
                          &players_obj, &PyList_Type, &quoted_obj))
        return NULL;
    Py_ssize_t np = PyList_GET_SIZE(players_obj), nr = PyList_GET_SIZE(rounds);
    PyObject *players[MAX_PLAYERS], *quoted[MAX_PLAYERS];
    if (nr > ROUNDS) {
        PyErr_SetString(PyExc_ValueError, "at most 9 rounds");
        return NULL;
    }
    if (read_names(players_obj, quoted_obj, 1, MAX_PLAYERS, players, quoted)) return NULL;
    long gems[MAX_PLAYERS][COLOURS + 1];
    memset(gems, 0, sizeof gems);
    long bag[COLOURS];
    memcpy(bag, BAG_START, sizeof bag);
    Text t = {PyMem_Malloc(4096), 0, 4096};
    if (t.data == NULL) return PyErr_NoMemory();
    PyObject *out = NULL;
    for (Py_ssize_t r = 0; r < nr; r++) {
        int got = ubongo_round(PyList_GET_ITEM(rounds, r), (int)r + 1, players, quoted, (int)np,
                               gems, bag, &t);
        if (got < 0) goto done;
        if (got == 0) {
            out = Py_NewRef(Py_None);
            goto done;
        }
    }
    PyObject *counts = PyTuple_New(np * (COLOURS + 1));
    if (counts == NULL) goto done;
    for (Py_ssize_t j = 0; j < np; j++)
        for (int c = 0; c <= COLOURS; c++) {
            PyObject *v = PyLong_FromLong(gems[j][c]);
            if (v == NULL) {
                Py_DECREF(counts);
                goto done;
            }
            PyTuple_SET_ITEM(counts, j * (COLOURS + 1) + c, v);
        }
    PyObject *text = PyUnicode_FromStringAndSize(t.data, t.len);
    if (text == NULL) {
        Py_DECREF(counts);
        goto done;
    }
    out = Py_BuildValue("(NN)", text, counts);
done:
    PyMem_Free(t.data);
    return out;
}

/* ---- Jaipur ------------------------------------------------------------------------------ */

#define GOODS 6
#define MAX_TOKENS 16
#define BONUS_PILES 3   /* the piles of 3, 4 and 5+ cards */
#define MAX_BONUS 16    /* bonus values 0..15 */
#define TOTALS 6        /* rupees, goods, bonus, camel, bonus_tokens, goods_tokens */

#define MAX_RULE 1000000L /* any number of the rules: tokens, cards, limits (a million) */

typedef struct {
    int ready;
    char good[GOODS][16];
    Py_ssize_t good_len[GOODS];
    int pile_size[GOODS];
    long pile_sum[GOODS][MAX_TOKENS + 1]; /* rupees of the first k tokens */
    long deck[GOODS];
    long min_cards[GOODS];
    long bonus[BONUS_PILES][MAX_BONUS]; /* tokens of each value in each bonus pile */
    long bonus_left[BONUS_PILES];
    long hand_limit, empty_piles, camel_cards, camel_token, seals_to_win;
} Tables;

typedef struct {
    Tables jaipur; /* jaipur_tables()' rules, ready once it succeeded */
} State;

static Tables *
tables_of(PyObject *module)
{
    return &((State *)PyModule_GetState(module))->jaipur;
}

static const char *const TOTAL_KEY[TOTALS] = {
    "rupees", "goods", "bonus", "camel", "bonus_tokens", "goods_tokens"};

/* A tuple of ``least`` to ``most`` exact ints of 0 to MAX_RULE into out, *n of them; -1 with
 * a TypeError or ValueError naming ``what`` otherwise. */
static int
read_longs(PyObject *seq, const char *what, long *out, Py_ssize_t least, Py_ssize_t most,
           Py_ssize_t *n)
{
    if (!PyTuple_Check(seq)) {
        PyErr_Format(PyExc_TypeError, "%s must be a tuple of ints", what);
        return -1;
    }
    *n = PyTuple_GET_SIZE(seq);
    if (*n < least || *n > most) {
        PyErr_Format(PyExc_ValueError, "%s must have %zd to %zd items, not %zd", what, least, most,
                     *n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < *n; i++) {
        PyObject *v = PyTuple_GET_ITEM(seq, i);
        int overflow = 0;
        out[i] = PyLong_CheckExact(v) ? PyLong_AsLongAndOverflow(v, &overflow) : -1;
        if (!PyLong_CheckExact(v) || overflow || out[i] < 0 || out[i] > MAX_RULE) {
            PyErr_Format(PyExc_ValueError, "%s must hold ints from 0 to %ld", what, MAX_RULE);
            return -1;
        }
    }
    return 0;
}

PyDoc_STRVAR(jaipur_tables_doc,
"jaipur_tables(goods, tokens, deck, min_cards, bonus, limits) -> None\n\n"
"Jaipur's rules for jaipur_rounds(), from scoring.jaipur: the 6 goods' names, each one's goods\n"
"tokens from the top and cards in the deck and fewest cards a sale takes, the 3 bonus piles'\n"
"tokens (3, 4 and 5+ cards), and (hand limit, empty piles that end a round, camel cards,\n"
"camel token, seals to win).");

static PyObject *
jaipur_tables(PyObject *module, PyObject *args)
{
    PyObject *goods, *tokens, *deck, *least, *bonus, *limits;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!O!:jaipur_tables", &PyTuple_Type, &goods, &PyTuple_Type,
                          &tokens, &PyTuple_Type, &deck, &PyTuple_Type, &least, &PyTuple_Type,
                          &bonus, &PyTuple_Type, &limits))
        return NULL;
    if (PyTuple_GET_SIZE(goods) != GOODS || PyTuple_GET_SIZE(tokens) != GOODS ||
        PyTuple_GET_SIZE(bonus) != BONUS_PILES) {
        PyErr_SetString(PyExc_ValueError, "6 goods, 6 token piles and 3 bonus piles expected");
        return NULL;
    }
    Tables t; /* filled whole, then kept: a refused call leaves the module's tables as they were */
    memset(&t, 0, sizeof t);
    Py_ssize_t n;
    for (int g = 0; g < GOODS; g++) {
        PyObject *name = PyTuple_GET_ITEM(goods, g);
        if (!PyUnicode_Check(name) || !PyUnicode_IS_ASCII(name) ||
            PyUnicode_GET_LENGTH(name) >= 16) {
            PyErr_SetString(PyExc_ValueError, "a good's name is an ASCII str of at most 15");
            return NULL;
        }
        t.good_len[g] = PyUnicode_GET_LENGTH(name);
        memcpy(t.good[g], PyUnicode_1BYTE_DATA(name), (size_t)t.good_len[g]);
        long pile[MAX_TOKENS];
        if (read_longs(PyTuple_GET_ITEM(tokens, g), "a goods token pile", pile, 0, MAX_TOKENS, &n))
            return NULL;
        t.pile_size[g] = (int)n;
        for (Py_ssize_t k = 0; k < n; k++) t.pile_sum[g][k + 1] = t.pile_sum[g][k] + pile[k];
    }
    if (read_longs(deck, "deck", t.deck, GOODS, GOODS, &n) ||
        read_longs(least, "min_cards", t.min_cards, GOODS, GOODS, &n))
        return NULL;
    for (int p = 0; p < BONUS_PILES; p++) {
        long values[MAX_TOKENS];
        if (read_longs(PyTuple_GET_ITEM(bonus, p), "a bonus pile", values, 0, MAX_TOKENS, &n))
            return NULL;
        for (Py_ssize_t k = 0; k < n; k++) {
            if (values[k] >= MAX_BONUS) {
                PyErr_SetString(PyExc_ValueError, "a bonus token of 0-15 rupees expected");
                return NULL;
            }
            t.bonus[p][values[k]]++;
        }
        t.bonus_left[p] = (long)n;
    }
    long lim[5];
    if (read_longs(limits, "limits", lim, 5, 5, &n)) return NULL;
    t.hand_limit = lim[0];
    t.empty_piles = lim[1];
    t.camel_cards = lim[2];
    t.camel_token = lim[3];
    t.seals_to_win = lim[4];
    t.ready = 1;
    *tables_of(module) = t;
    Py_RETURN_NONE;
}

/* The good index of a good's English name, or -1. */
static int
good_of(const Tables *J, PyObject *o)
{
    if (!PyUnicode_CheckExact(o) || !PyUnicode_IS_ASCII(o)) return -1;
    Py_ssize_t n = PyUnicode_GET_LENGTH(o);
    const char *s = (const char *)PyUnicode_1BYTE_DATA(o);
    for (int g = 0; g < GOODS; g++)
        if (n == J->good_len[g] && memcmp(s, J->good[g], (size_t)n) == 0) return g;
    return -1;
}

/* d[key], or None when it has no such key (a borrowed reference either way). */
static PyObject *
item(PyObject *d, const char *key)
{
    PyObject *v = PyDict_GetItemString(d, key);
    return v != NULL ? v : Py_None;
}

/* A small exact int into *out: 0, or -1 for anything else (a bool, a float, past a long). */
static int
small_int(PyObject *o, long *out)
{
    if (o == NULL || !PyLong_CheckExact(o)) return -1;
    int overflow;
    *out = PyLong_AsLongAndOverflow(o, &overflow);
    return overflow || (*out == -1 && PyErr_Occurred()) ? (PyErr_Clear(), -1) : 0;
}

/* One round's sales into purse[player][goods rupees, bonus rupees, goods tokens, bonus
 * tokens]: 1 done, 0 not plainly valid (as _fast_sales raising _NotPlain). */
static int
jaipur_sales(const Tables *J, PyObject *sales, PyObject *const *players, long purse[2][4])
{
    long taken[GOODS] = {0}, stock[GOODS], bonus[BONUS_PILES][MAX_BONUS], left[BONUS_PILES];
    memcpy(stock, J->deck, sizeof stock);
    memcpy(bonus, J->bonus, sizeof bonus);
    memcpy(left, J->bonus_left, sizeof left);
    long empty = 0;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(sales); i++) {
        PyObject *sale = PyList_GET_ITEM(sales, i);
        if (!PyDict_CheckExact(sale) || !str_keys(sale) || empty >= J->empty_piles) return 0;
        Py_ssize_t keys = PyDict_GET_SIZE(sale);
        if (keys < 3 || keys > 4) return 0;
        PyObject *value_obj = NULL;
        if (keys == 4 && (value_obj = PyDict_GetItemString(sale, "bonus")) == NULL) return 0;
        if (value_obj == Py_None) value_obj = NULL; /* "bonus": null is no bonus, as in Python */
        int g = good_of(J, item(sale, "good"));
        int j = player_of(item(sale, "player"), players, 2);
        long cards;
        if (g < 0 || j < 0 || small_int(PyDict_GetItemString(sale, "cards"), &cards)) return 0;
        if (cards < J->min_cards[g] || cards > J->hand_limit || cards > stock[g]) return 0;
        stock[g] -= cards;
        long start = taken[g], top = J->pile_size[g];
        long end = start + cards < top ? start + cards : top;
        taken[g] = end;
        purse[j][0] += J->pile_sum[g][end] - J->pile_sum[g][start];
        purse[j][2] += end - start;
        empty += end == top && end > start;
        if (cards < 3) {
            if (value_obj != NULL) return 0;
            continue;
        }
        int pile = (cards < 5 ? (int)cards : 5) - 3;
        if (value_obj == NULL) {
            if (left[pile]) return 0; /* a bonus token the record should have named */
            continue;
        }
        long value;
        if (small_int(value_obj, &value) || value < 0 || value >= MAX_BONUS || !bonus[pile][value])
            return 0;
        bonus[pile][value]--;
        left[pile]--;
        purse[j][1] += value;
        purse[j][3] += 1;
    }
    return 1;
}

/* A round's totals per player (TOTAL_KEY order): 1 done, 0 not plainly valid (as _fast_round
 * answering None). */
static int
jaipur_round(const Tables *J, PyObject *rnd, PyObject *const *players, long totals[2][TOTALS])
{
    if (!PyDict_CheckExact(rnd) || PyDict_GET_SIZE(rnd) != 2 || !str_keys(rnd)) return 0;
    PyObject *sales = PyDict_GetItemString(rnd, "sales");
    PyObject *camels = PyDict_GetItemString(rnd, "camels");
    if (sales == NULL || camels == NULL || !PyList_CheckExact(sales)) return 0;
    if (!PyDict_CheckExact(camels) || PyDict_GET_SIZE(camels) != 2 || !str_keys(camels)) return 0;
    long herd[2];
    for (int j = 0; j < 2; j++) {
        PyObject *h = PyDict_GetItemWithError(camels, players[j]);
        if (h == NULL && PyErr_Occurred()) return -1;
        if (small_int(h, &herd[j]) || herd[j] < 0) return 0;
    }
    if (herd[0] > J->camel_cards - herd[1]) return 0; /* the sum, without overflow */
    long purse[2][4] = {{0}};
    if (!jaipur_sales(J, sales, players, purse)) return 0;
    for (int j = 0; j < 2; j++) {
        long token = herd[j] > herd[1 - j] ? J->camel_token : 0;
        long goods = purse[j][0], extra = purse[j][1];
        long row[TOTALS] = {goods + extra + token, goods, extra, token, purse[j][3], purse[j][2]};
        memcpy(totals[j], row, sizeof row);
    }
    return 1;
}

/* The tie-breaks of a round, as scoring.jaipur._TIE_BREAKS: (total index, label). */
static const int TIE_KEY[3] = {0, 4, 5};
static const char *const TIE_LABEL[3] = {"rupees", "bonus tokens", "goods tokens"};

static int
put_totals(Text *t, PyObject *quoted, const long *row)
{
    if (put_str(t, quoted) || put(t, ": {", 3)) return -1;
    for (int k = 0; k < TOTALS; k++) {
        if ((k && put(t, ", ", 2)) || put(t, "\"", 1) || puts_(t, TOTAL_KEY[k]) ||
            put(t, "\": ", 3) || put_long(t, row[k]))
            return -1;
    }
    return put(t, "}", 1);
}

PyDoc_STRVAR(jaipur_rounds_doc,
"jaipur_rounds(rounds, players, quoted) -> (text, stats) | None\n\n"
"The rounds of a Jaipur record replayed: their summaries as JSON text (the items of the\n"
"result's \"rounds\" list) and (seals of each player, 1 if the last round was tied, then\n"
"each player's totals summed over the rounds in the order rupees, goods, bonus, camel,\n"
"bonus_tokens, goods_tokens). None when a round is not plainly valid or follows the one that\n"
"won the game. ``players`` are 2 distinct str, ``quoted`` their JSON strings, all ASCII.");

static PyObject *
jaipur_rounds(PyObject *module, PyObject *args)
{
    PyObject *rounds, *players_obj, *quoted_obj;
    if (!PyArg_ParseTuple(args, "O!O!O!:jaipur_rounds", &PyList_Type, &rounds, &PyList_Type,
                          &players_obj, &PyList_Type, &quoted_obj))
        return NULL;
    const Tables *J = tables_of(module);
    if (!J->ready) {
        PyErr_SetString(PyExc_RuntimeError, "jaipur_tables() first");
        return NULL;
    }
    PyObject *players[2], *quoted[2];
    if (read_names(players_obj, quoted_obj, 2, 2, players, quoted)) return NULL;
    long seals[2] = {0, 0}, sums[2][TOTALS] = {{0}};
    int tied = 0;
    Text t = {PyMem_Malloc(2048), 0, 2048};
    if (t.data == NULL) return PyErr_NoMemory();
    PyObject *out = NULL;
    Py_ssize_t nr = PyList_GET_SIZE(rounds);
    for (Py_ssize_t r = 0; r < nr; r++) {
        long totals[2][TOTALS];
        int got = 0;
        if (seals[0] < J->seals_to_win && seals[1] < J->seals_to_win)
            got = jaipur_round(J, PyList_GET_ITEM(rounds, r), players, totals);
        if (got < 0) goto done;
        if (got == 0) {
            out = Py_NewRef(Py_None);
            goto done;
        }
        int winner = -1, by = -1;
        for (int b = 0; b < 3 && winner < 0; b++) {
            long a = totals[0][TIE_KEY[b]], c = totals[1][TIE_KEY[b]];
            if (a != c) {
                winner = a > c ? 0 : 1;
                by = b;
            }
        }
        if (winner >= 0) seals[winner]++;
        tied = winner < 0;
        for (int j = 0; j < 2; j++)
            for (int k = 0; k < TOTALS; k++) sums[j][k] += totals[j][k];
        if ((r && put(&t, ", ", 2)) || puts_(&t, "{\"round\": ") || put_long(&t, (long)r + 1) ||
            puts_(&t, ", \"winner\": ") ||
            (winner < 0 ? puts_(&t, "null") : put_str(&t, quoted[winner])) ||
            puts_(&t, ", \"decided_by\": \"") || puts_(&t, by < 0 ? "unresolved" : TIE_LABEL[by]) ||
            puts_(&t, "\", \"players\": {") || put_totals(&t, quoted[0], totals[0]) ||
            put(&t, ", ", 2) || put_totals(&t, quoted[1], totals[1]) || puts_(&t, "}}"))
            goto done;
    }
    PyObject *stats = Py_BuildValue(
        "(lli llllll llllll)", seals[0], seals[1], tied, sums[0][0], sums[0][1], sums[0][2],
        sums[0][3], sums[0][4], sums[0][5], sums[1][0], sums[1][1], sums[1][2], sums[1][3],
        sums[1][4], sums[1][5]);
    if (stats == NULL) goto done;
    PyObject *text = PyUnicode_FromStringAndSize(t.data, t.len);
    if (text == NULL) {
        Py_DECREF(stats);
        goto done;
    }
    out = Py_BuildValue("(NN)", text, stats);
done:
    PyMem_Free(t.data);
    return out;
}

static PyMethodDef methods[] = {
    {"ubongo_rounds", ubongo_rounds, METH_VARARGS, ubongo_rounds_doc},
    {"jaipur_tables", jaipur_tables, METH_VARARGS, jaipur_tables_doc},
    {"jaipur_rounds", jaipur_rounds, METH_VARARGS, jaipur_rounds_doc},
    {NULL, NULL, 0, NULL},
};

static PyModuleDef_Slot slots[] = {
#if PY_VERSION_HEX >= 0x030C0000
    {Py_mod_multiple_interpreters, Py_MOD_PER_INTERPRETER_GIL_SUPPORTED}, /* state per module */
#endif
#ifdef Py_mod_gil
    {Py_mod_gil, Py_MOD_GIL_USED}, /* the tables are written and read without a lock */
#endif
    {0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "scoring._fast",
    .m_doc = "The optional compiled replay behind score --jsonl's one-pass lines.",
    .m_size = sizeof(State), /* zeroed: no tables until jaipur_tables() */
    .m_methods = methods,
    .m_slots = slots,
};

PyMODINIT_FUNC
PyInit__fast(void)
{
    return PyModuleDef_Init(&module);
}
