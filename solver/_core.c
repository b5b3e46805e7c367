/* solver._core: the bitboard engine's hot searches in plain C (optional; see solver/bitboard.py).
 *
 * The same search as solver.bitboard's small-puzzle path: cover the lowest empty cell of the
 * figure, trying each free piece in puzzle order and each of its orientations in order, so the
 * first tiling and every count are the ones the Python engine finds. Copies of one shape go
 * down in puzzle order only ("previous copy must be down": used & need == req).
 *
 * Input, prepared once per puzzle by compile_puzzle and passed as it is:
 *     full   the figure Mask (a Python int of at most BITS bits)
 *     slots  [((need, req, bit, pos), (oriented, ...)), ...]: per piece its Slot and its
 *            orientations as Masks whose lowest cell is bit 0
 *     goal   the used-set of a finished tiling (every piece down)
 *     tick   None, or a callable given the running node count every `every` nodes; it raises
 *            (TimeLimit, NodeLimit) to stop the search, and the exception passes through
 * Boards are 128 bits wide where the compiler has unsigned __int128 (gcc, clang), else 64;
 * used-sets are 64 bits, so at most 64 pieces. Wider puzzles stay on the Python engine.
 *
 * Every puzzle, large or small, shifts each free piece's orientations to the lowest empty cell
 * (the Python engine's small-puzzle path). A table of placements per lowest cell and piece
 * (the Python engine's large-puzzle path) was tried and dropped: counting the 12 pentominoes
 * in 6x10 took 1.90 s CPU with it and 1.99 s without, 25.8 million nodes either way.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__SIZEOF_INT128__)
typedef unsigned __int128 board_t;
#define BOARD_BITS 128
#else
typedef uint64_t board_t;
#define BOARD_BITS 64
#endif
#define MAX_PIECES 64

typedef struct {
    uint64_t need, req, bit;
    long pos;
    Py_ssize_t first, n; /* this piece's orientations: oriented[first .. first + n) */
} Slot;

typedef struct {
    PyObject *tick;       /* None or a callable(nodes) */
    long long every;      /* nodes between two calls of tick */
    long long countdown;  /* nodes left until the next call */
    long long nodes;      /* nodes searched up to the last call */
} Clock;

typedef struct {
    Slot slots[MAX_PIECES];
    Py_ssize_t nslots;
    board_t *oriented;
    uint64_t goal;
    Clock clock;
    long long cap;        /* count: stop once this many are found; < 0 for no cap */
    unsigned long long found;
    Py_ssize_t depth;     /* first: the tiling, deepest placement first, as Python returns it;
                             count: placements down on the path searched now */
    long path_pos[MAX_PIECES];
    board_t path_mask[MAX_PIECES];
    long first_pos[MAX_PIECES]; /* count: the first tiling found, kept for count_first */
    board_t first_mask[MAX_PIECES];
    Py_ssize_t first_len;
} Search;

static int
lowest_index(board_t m)
{
#if BOARD_BITS == 128
    uint64_t lo = (uint64_t)m;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(m >> 64));
#elif defined(__GNUC__)
    return __builtin_ctzll(m);
#else
    int i = 0;
    while (!(m >> i & 1)) i++;
    return i;
#endif
}

/* A Python int of at most BOARD_BITS bits as a board; ValueError when it is wider or negative. */
static int
to_board(PyObject *obj, board_t *out)
{
    unsigned long long lo = PyLong_AsUnsignedLongLong(obj);
    if (!(lo == (unsigned long long)-1 && PyErr_Occurred())) {
        *out = lo;
        return 0;
    }
    if (!PyErr_ExceptionMatches(PyExc_OverflowError)) return -1;
    PyErr_Clear();
#if BOARD_BITS == 128
    PyObject *shift = PyLong_FromLong(64);
    if (shift == NULL) return -1;
    PyObject *high = PyNumber_Rshift(obj, shift);
    Py_DECREF(shift);
    if (high == NULL) return -1;
    unsigned long long hi = PyLong_AsUnsignedLongLong(high);
    Py_DECREF(high);
    if (!(hi == (unsigned long long)-1 && PyErr_Occurred())) {
        lo = PyLong_AsUnsignedLongLongMask(obj);
        if (lo == (unsigned long long)-1 && PyErr_Occurred()) return -1;
        *out = (board_t)hi << 64 | lo;
        return 0;
    }
    if (!PyErr_ExceptionMatches(PyExc_OverflowError)) return -1;
    PyErr_Clear();
#endif
    PyErr_Format(PyExc_ValueError, "mask is negative or wider than %d bits", BOARD_BITS);
    return -1;
}

static PyObject *
from_board(board_t m)
{
#if BOARD_BITS == 128
    uint64_t hi = (uint64_t)(m >> 64);
    if (hi) {
        PyObject *high = PyLong_FromUnsignedLongLong(hi);
        PyObject *shift = PyLong_FromLong(64);
        PyObject *low = PyLong_FromUnsignedLongLong((uint64_t)m);
        PyObject *top = (high && shift) ? PyNumber_Lshift(high, shift) : NULL;
        PyObject *out = (top && low) ? PyNumber_Or(top, low) : NULL;
        Py_XDECREF(high);
        Py_XDECREF(shift);
        Py_XDECREF(low);
        Py_XDECREF(top);
        return out;
    }
#endif
    return PyLong_FromUnsignedLongLong((unsigned long long)m);
}

static int
get_u64(PyObject *seq, Py_ssize_t i, uint64_t *out)
{
    unsigned long long v = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seq, i));
    if (v == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    *out = v;
    return 0;
}

/* One slot, ((need, req, bit, pos), oriented masks), into s->slots[k]; oriented masks appended
 * at s->oriented[*next ...]. */
static int
read_slot(Search *s, Py_ssize_t k, PyObject *item, Py_ssize_t *next, Py_ssize_t room)
{
    PyObject *pair = PySequence_Fast(item, "a slot must be ((need, req, bit, pos), masks)");
    if (pair == NULL) return -1;
    int ok = -1;
    PyObject *head = NULL, *masks = NULL;
    if (PySequence_Fast_GET_SIZE(pair) != 2) {
        PyErr_SetString(PyExc_ValueError, "a slot must be ((need, req, bit, pos), masks)");
        goto done;
    }
    head = PySequence_Fast(PySequence_Fast_GET_ITEM(pair, 0), "a slot head must be a tuple");
    masks = PySequence_Fast(PySequence_Fast_GET_ITEM(pair, 1), "slot masks must be a tuple");
    if (head == NULL || masks == NULL) goto done;
    if (PySequence_Fast_GET_SIZE(head) != 4) {
        PyErr_SetString(PyExc_ValueError, "a slot head must be (need, req, bit, pos)");
        goto done;
    }
    Slot *slot = &s->slots[k];
    uint64_t pos;
    if (get_u64(head, 0, &slot->need) || get_u64(head, 1, &slot->req) ||
        get_u64(head, 2, &slot->bit) || get_u64(head, 3, &pos))
        goto done;
    slot->pos = (long)pos;
    slot->first = *next;
    slot->n = PySequence_Fast_GET_SIZE(masks);
    if (*next + slot->n > room) {
        PyErr_SetString(PyExc_ValueError, "more orientations than counted");
        goto done;
    }
    for (Py_ssize_t j = 0; j < slot->n; j++)
        if (to_board(PySequence_Fast_GET_ITEM(masks, j), &s->oriented[*next + j])) goto done;
    *next += slot->n;
    ok = 0;
done:
    Py_XDECREF(head);
    Py_XDECREF(masks);
    Py_DECREF(pair);
    return ok;
}

static int
start_clock(Clock *c, PyObject *tick, long long every)
{
    if (every < 1) {
        PyErr_SetString(PyExc_ValueError, "every must be at least 1");
        return -1;
    }
    c->tick = tick;
    c->every = c->countdown = every;
    c->nodes = 0;
    return 0;
}

/* Fill a Search from the arguments; on success the caller frees s->oriented. */
static int
prepare(Search *s, PyObject *slots, PyObject *goal, PyObject *tick, long long every)
{
    memset(s, 0, offsetof(Search, path_pos));
    PyObject *seq = PySequence_Fast(slots, "slots must be a sequence");
    if (seq == NULL) return -1;
    s->nslots = PySequence_Fast_GET_SIZE(seq);
    Py_ssize_t room = 0;
    if (s->nslots > MAX_PIECES) {
        PyErr_Format(PyExc_ValueError, "at most %d pieces", MAX_PIECES);
        goto fail;
    }
    for (Py_ssize_t k = 0; k < s->nslots; k++) {
        PyObject *masks = PySequence_GetItem(PySequence_Fast_GET_ITEM(seq, k), 1);
        if (masks == NULL) goto fail;
        Py_ssize_t n = PyObject_Length(masks);
        Py_DECREF(masks);
        if (n < 0) goto fail;
        room += n;
    }
    s->oriented = PyMem_New(board_t, room ? room : 1);
    if (s->oriented == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    Py_ssize_t next = 0;
    for (Py_ssize_t k = 0; k < s->nslots; k++)
        if (read_slot(s, k, PySequence_Fast_GET_ITEM(seq, k), &next, room)) goto fail;
    s->goal = PyLong_AsUnsignedLongLong(goal);
    if (s->goal == (uint64_t)-1 && PyErr_Occurred()) goto fail;
    if (start_clock(&s->clock, tick, every)) goto fail;
    Py_DECREF(seq);
    return 0;
fail:
    PyMem_Free(s->oriented);
    s->oriented = NULL;
    Py_DECREF(seq);
    return -1;
}

/* Count one node; every `every` nodes look for Ctrl-C and call tick. -1 means stop (error set). */
static inline int
visit(Clock *c)
{
    if (--c->countdown) return 0;
    c->countdown = c->every;
    c->nodes += c->every;
    if (PyErr_CheckSignals()) return -1;
    if (c->tick == Py_None) return 0;
    PyObject *r = PyObject_CallFunction(c->tick, "L", c->nodes);
    if (r == NULL) return -1;
    Py_DECREF(r);
    return 0;
}

/* 1 when a tiling of rem with the free pieces was found (and recorded), 0 if none, -1 on error. */
static int
first_rec(Search *s, board_t rem, uint64_t used)
{
    if (visit(&s->clock)) return -1;
    int low = lowest_index(rem);
    board_t r = rem >> low; /* om << low fits inside rem <=> om fits inside rem >> low */
    for (Py_ssize_t k = 0; k < s->nslots; k++) {
        const Slot *slot = &s->slots[k];
        if ((used & slot->need) != slot->req) continue;
        for (Py_ssize_t j = 0; j < slot->n; j++) {
            board_t om = s->oriented[slot->first + j];
            if ((r & om) != om) continue;
            int got;
            if (om == r)
                got = (used | slot->bit) == s->goal;
            else
                got = first_rec(s, rem ^ (om << low), used | slot->bit);
            if (got > 0) {
                s->path_pos[s->depth] = slot->pos;
                s->path_mask[s->depth++] = om << low;
            }
            if (got) return got;
        }
    }
    return 0;
}

/* Keep the path plus (pos, mask) as the first tiling: count_first answers without a second
 * search. A store per placement on the path costs less than the 12-piece count notices. */
static void
keep_first(Search *s, long pos, board_t mask)
{
    memcpy(s->first_pos, s->path_pos, (size_t)s->depth * sizeof(long));
    memcpy(s->first_mask, s->path_mask, (size_t)s->depth * sizeof(board_t));
    s->first_pos[s->depth] = pos;
    s->first_mask[s->depth] = mask;
    s->first_len = s->depth + 1;
}

/* Add the tilings of rem with the free pieces to s->found; 1 once the cap is met, -1 on error. */
static int
count_rec(Search *s, board_t rem, uint64_t used)
{
    if (visit(&s->clock)) return -1;
    int low = lowest_index(rem);
    board_t r = rem >> low;
    for (Py_ssize_t k = 0; k < s->nslots; k++) {
        const Slot *slot = &s->slots[k];
        if ((used & slot->need) != slot->req) continue;
        for (Py_ssize_t j = 0; j < slot->n; j++) {
            board_t om = s->oriented[slot->first + j];
            if ((r & om) != om) continue;
            if (om == r) {
                if ((used | slot->bit) != s->goal) continue;
                if (++s->found == 1) keep_first(s, slot->pos, rem);
                if (s->found == (unsigned long long)s->cap) return 1;
            } else {
                s->path_pos[s->depth] = slot->pos;
                s->path_mask[s->depth++] = om << low;
                int stop = count_rec(s, rem ^ (om << low), used | slot->bit);
                s->depth--;
                if (stop) return stop;
            }
        }
    }
    return 0;
}

PyDoc_STRVAR(first_doc,
"first(full, slots, goal, tick, every) -> [(pos, mask), ...] | None\n\n"
"One tiling as (piece position, mask) pairs, deepest placement first, or None.");

static PyObject *
core_first(PyObject *module, PyObject *args)
{
    PyObject *full_obj, *slots, *goal, *tick;
    long long every;
    if (!PyArg_ParseTuple(args, "OOOOL:first", &full_obj, &slots, &goal, &tick, &every))
        return NULL;
    board_t full;
    if (to_board(full_obj, &full)) return NULL;
    Search s;
    if (prepare(&s, slots, goal, tick, every)) return NULL;
    int got = full ? first_rec(&s, full, 0) : 0;
    PyMem_Free(s.oriented);
    if (got < 0) return NULL;
    if (got == 0) Py_RETURN_NONE;
    PyObject *out = PyList_New(s.depth);
    if (out == NULL) return NULL;
    for (Py_ssize_t i = 0; i < s.depth; i++) {
        PyObject *pair = Py_BuildValue("(lN)", s.path_pos[i], from_board(s.path_mask[i]));
        if (pair == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, pair);
    }
    return out;
}

/* Run the count of the arguments into *s; 0, or -1 with an exception set. */
static int
run_count(PyObject *args, const char *format, Search *s)
{
    PyObject *full_obj, *slots, *goal, *tick;
    long long cap, every;
    if (!PyArg_ParseTuple(args, format, &full_obj, &slots, &goal, &cap, &tick, &every)) return -1;
    board_t full;
    if (to_board(full_obj, &full)) return -1;
    if (prepare(s, slots, goal, tick, every)) return -1;
    s->cap = cap;
    int got = (full && cap != 0) ? count_rec(s, full, 0) : 0;
    PyMem_Free(s->oriented);
    return got < 0 ? -1 : 0;
}

PyDoc_STRVAR(count_doc,
"count(full, slots, goal, cap, tick, every) -> int\n\n"
"Number of tilings, stopping once cap are found (cap < 0: no cap).");

static PyObject *
core_count(PyObject *module, PyObject *args)
{
    Search s;
    if (run_count(args, "OOOLOL:count", &s)) return NULL;
    return PyLong_FromUnsignedLongLong(s.found);
}

PyDoc_STRVAR(count_first_doc,
"count_first(full, slots, goal, cap, tick, every) -> (int, [(pos, mask), ...] | None)\n\n"
"count() and the first tiling it met (as first() finds it), in one search.");

static PyObject *
core_count_first(PyObject *module, PyObject *args)
{
    Search s;
    if (run_count(args, "OOOLOL:count_first", &s)) return NULL;
    if (s.found == 0) return Py_BuildValue("(iO)", 0, Py_None);
    PyObject *placed = PyList_New(s.first_len);
    if (placed == NULL) return NULL;
    for (Py_ssize_t i = 0; i < s.first_len; i++) {
        PyObject *pair = Py_BuildValue("(lN)", s.first_pos[i], from_board(s.first_mask[i]));
        if (pair == NULL) {
            Py_DECREF(placed);
            return NULL;
        }
        PyList_SET_ITEM(placed, i, pair);
    }
    return Py_BuildValue("(KN)", s.found, placed);
}

/* ---- analyze: every combination of `size` pieces of a pool that tiles a figure ----------- */

#define MAX_POOL 16 /* pieces in an analysed pool: the area table holds 2^n (n + 1) boards */
#define AREA_TABLE "solver._core.AreaTable"

typedef struct {
    Py_ssize_t n;    /* pieces in the pool */
    board_t reach[]; /* reach[free * (n + 1) + k]: bit t set <=> k pieces of free cover t cells */
} AreaTable;

typedef struct {
    board_t mask;
    uint64_t bit;
} Cand;

typedef struct {
    Cand *cands;                      /* every placement inside the figure, by lowest cell */
    Py_ssize_t start[BOARD_BITS + 1]; /* cell i's placements: cands[start[i] .. start[i + 1]) */
    const AreaTable *areas;
    uint64_t all_free, need;
    long long cap; /* tilings kept per combination, times its namings; < 0: no cap */
    uint64_t twins[MAX_POOL];         /* groups of same-shaped pieces (two or more) */
    Py_ssize_t ntwins;
    uint64_t *keys; /* combinations met (used-sets, never 0), open addressing */
    unsigned long long *found;
    size_t room, len;
    Clock clock;
} Analysis;

static inline int
popcount64(uint64_t x)
{
#if defined(__GNUC__)
    return __builtin_popcountll(x);
#else
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
#endif
}

static inline int
board_popcount(board_t m)
{
#if BOARD_BITS == 128
    return popcount64((uint64_t)m) + popcount64((uint64_t)(m >> 64));
#else
    return popcount64(m);
#endif
}

static void
area_table_free(PyObject *capsule)
{
    PyMem_RawFree(PyCapsule_GetPointer(capsule, AREA_TABLE));
}

PyDoc_STRVAR(area_table_doc,
"area_table(areas) -> capsule\n\n"
"Which totals k distinct pieces of each subset of a pool (piece i of area areas[i]) can make,\n"
"for analyze; one per piece set.");

static PyObject *
core_area_table(PyObject *module, PyObject *arg)
{
    PyObject *seq = PySequence_Fast(arg, "areas must be a sequence");
    if (seq == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    long area[MAX_POOL];
    if (n > MAX_POOL) {
        Py_DECREF(seq);
        return PyErr_Format(PyExc_ValueError, "at most %d pieces in a pool", MAX_POOL);
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        area[i] = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (area[i] == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return NULL;
        }
        if (area[i] < 1) {
            Py_DECREF(seq);
            return PyErr_Format(PyExc_ValueError, "a piece's area must be positive");
        }
    }
    Py_DECREF(seq);
    size_t width = (size_t)n + 1, subsets = (size_t)1 << n;
    AreaTable *t = PyMem_RawMalloc(sizeof(AreaTable) + subsets * width * sizeof(board_t));
    if (t == NULL) return PyErr_NoMemory();
    t->n = n;
    for (size_t k = 0; k < width; k++) t->reach[k] = k == 0;
    /* free's lowest piece is either left out or taken: both subsets are smaller than free */
    for (size_t free = 1; free < subsets; free++) {
        int i = lowest_index((board_t)free);
        const board_t *rest = &t->reach[(free & (free - 1)) * width];
        board_t *out = &t->reach[free * width];
        out[0] = 1;
        for (size_t k = 1; k < width; k++)
            out[k] = rest[k] | (area[i] < BOARD_BITS ? rest[k - 1] << area[i] : 0);
    }
    PyObject *capsule = PyCapsule_New(t, AREA_TABLE, area_table_free);
    if (capsule == NULL) PyMem_RawFree(t);
    return capsule;
}

/* How often the search meets one tiling of the pieces in used: same-shaped pieces swap. */
static unsigned long long
namings(const Analysis *a, uint64_t used)
{
    unsigned long long out = 1;
    for (Py_ssize_t g = 0; g < a->ntwins; g++)
        for (int k = popcount64(used & a->twins[g]); k > 1; k--) out *= (unsigned long long)k;
    return out;
}

static size_t
slot_of(const uint64_t *keys, size_t room, uint64_t key)
{
    size_t i = (size_t)((key * 0x9E3779B97F4A7C15ULL) >> 32) & (room - 1);
    while (keys[i] && keys[i] != key) i = (i + 1) & (room - 1);
    return i;
}

/* One more tiling of the combination used (up to the cap); -1 when out of memory. */
static int
tally(Analysis *a, uint64_t used)
{
    if (2 * (a->len + 1) > a->room) {
        size_t room = a->room * 2;
        uint64_t *keys = PyMem_Calloc(room, sizeof(uint64_t));
        unsigned long long *found = PyMem_Calloc(room, sizeof(unsigned long long));
        if (keys == NULL || found == NULL) {
            PyMem_Free(keys);
            PyMem_Free(found);
            PyErr_NoMemory();
            return -1;
        }
        for (size_t i = 0; i < a->room; i++)
            if (a->keys[i]) {
                size_t j = slot_of(keys, room, a->keys[i]);
                keys[j] = a->keys[i];
                found[j] = a->found[i];
            }
        PyMem_Free(a->keys);
        PyMem_Free(a->found);
        a->keys = keys;
        a->found = found;
        a->room = room;
    }
    size_t i = slot_of(a->keys, a->room, used);
    if (!a->keys[i]) {
        a->keys[i] = used;
        a->len++;
    }
    if (a->cap < 0 || a->found[i] < (unsigned long long)a->cap * namings(a, used)) a->found[i]++;
    return 0;
}

/* Add every tiling of rem by `left` more free pieces (holding the required ones) to a. */
static int
analyze_rec(Analysis *a, board_t rem, uint64_t used, int left)
{
    if (visit(&a->clock)) return -1;
    int low = lowest_index(rem);
    Py_ssize_t width = a->areas->n + 1;
    for (Py_ssize_t j = a->start[low]; j < a->start[low + 1]; j++) {
        const Cand *c = &a->cands[j];
        if ((used & c->bit) || (c->mask & rem) != c->mask) continue;
        board_t rest = rem ^ c->mask;
        uint64_t now = used | c->bit;
        uint64_t missing = a->need & ~now;
        if (!rest) {
            if (left == 1 && !missing && tally(a, now)) return -1;
        } else if (left > 1 && popcount64(missing) < left &&
                   (a->areas->reach[(a->all_free & ~now) * width + left - 1] >>
                        board_popcount(rest) & 1)) {
            if (analyze_rec(a, rest, now, left - 1)) return -1;
        }
    }
    return 0;
}

/* Every placement of every piece inside full, grouped by its lowest cell, into a->cands. */
static int
place_all(Analysis *a, board_t full, PyObject *pieces)
{
    Py_ssize_t n = PySequence_Fast_GET_SIZE(pieces), total = 0;
    board_t oriented[MAX_POOL][8];
    Py_ssize_t norients[MAX_POOL];
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *masks = PySequence_Fast(PySequence_Fast_GET_ITEM(pieces, i),
                                          "a piece must be a tuple of masks");
        if (masks == NULL) return -1;
        norients[i] = PySequence_Fast_GET_SIZE(masks);
        int bad = norients[i] > 8;
        for (Py_ssize_t j = 0; !bad && j < norients[i]; j++)
            bad = to_board(PySequence_Fast_GET_ITEM(masks, j), &oriented[i][j]) ? -1 : 0;
        Py_DECREF(masks);
        if (bad) {
            if (bad > 0) PyErr_SetString(PyExc_ValueError, "a piece has at most 8 orientations");
            return -1;
        }
        total += norients[i];
    }
    a->cands = PyMem_New(Cand, (size_t)(total * board_popcount(full)) + 1);
    if (a->cands == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    Py_ssize_t next = 0;
    for (int p = 0; p < BOARD_BITS; p++) {
        a->start[p] = next;
        if (!(full >> p & 1)) continue;
        for (Py_ssize_t i = 0; i < n; i++)
            for (Py_ssize_t j = 0; j < norients[i]; j++) {
                board_t m = oriented[i][j] << p;
                if ((m >> p) == oriented[i][j] && (m & full) == m)
                    a->cands[next++] = (Cand){m, (uint64_t)1 << i};
            }
    }
    a->start[BOARD_BITS] = next;
    return 0;
}

/* Sets of one size in the order itertools.combinations makes them: the set holding the lowest
 * piece where two differ comes first. */
static int
combination_order(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a == b ? 0 : (a & (a ^ b) & (~(a ^ b) + 1)) ? -1 : 1;
}

/* [((piece index, ...), tilings), ...] of what the search found, in combination order. */
static PyObject *
combinations(Analysis *a)
{
    uint64_t *order = PyMem_New(uint64_t, a->len + 1);
    if (order == NULL) return PyErr_NoMemory();
    size_t len = 0;
    for (size_t i = 0; i < a->room; i++)
        if (a->keys[i]) order[len++] = a->keys[i];
    qsort(order, len, sizeof(uint64_t), combination_order);
    PyObject *out = PyList_New((Py_ssize_t)len);
    for (size_t k = 0; out != NULL && k < len; k++) {
        uint64_t used = order[k];
        PyObject *pieces = PyTuple_New(popcount64(used));
        PyObject *row = NULL;
        if (pieces != NULL) {
            Py_ssize_t j = 0;
            for (uint64_t rest = used; rest; rest &= rest - 1)
                PyTuple_SET_ITEM(pieces, j++, PyLong_FromLong(lowest_index((board_t)rest)));
            unsigned long long n = a->found[slot_of(a->keys, a->room, used)];
            row = Py_BuildValue("(NK)", pieces, n / namings(a, used));
        }
        if (row == NULL) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, (Py_ssize_t)k, row);
    }
    PyMem_Free(order);
    return out;
}

PyDoc_STRVAR(analyze_doc,
"analyze(full, pieces, areas, size, need, cap, twins, tick, every) -> [(indices, n), ...]\n\n"
"Every set of `size` pieces of the pool (each a tuple of oriented masks, lowest cell at bit 0)\n"
"holding the `need` set that tiles full, as its piece indices, with its number of tilings (at\n"
"most cap; cap < 0: no cap), in itertools.combinations order. areas: area_table() of the\n"
"pool; twins: the used-sets of same-shaped pieces, whose swaps make no new tiling.");

static PyObject *
core_analyze(PyObject *module, PyObject *args)
{
    PyObject *full_obj, *pieces_obj, *areas, *need_obj, *twins_obj, *tick;
    int size;
    long long cap, every;
    if (!PyArg_ParseTuple(args, "OOOiOLOOL:analyze", &full_obj, &pieces_obj, &areas, &size,
                          &need_obj, &cap, &twins_obj, &tick, &every))
        return NULL;
    Analysis a;
    memset(&a, 0, sizeof a);
    board_t full;
    if (to_board(full_obj, &full)) return NULL;
    a.areas = PyCapsule_GetPointer(areas, AREA_TABLE);
    if (a.areas == NULL) return NULL;
    a.need = PyLong_AsUnsignedLongLong(need_obj);
    if (a.need == (uint64_t)-1 && PyErr_Occurred()) return NULL;
    if (start_clock(&a.clock, tick, every)) return NULL;
    a.cap = cap;
    PyObject *pieces = PySequence_Fast(pieces_obj, "pieces must be a sequence");
    if (pieces == NULL) return NULL;
    PyObject *twins = PySequence_Fast(twins_obj, "twins must be a sequence");
    PyObject *out = NULL;
    if (twins == NULL) goto done;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(pieces);
    a.ntwins = PySequence_Fast_GET_SIZE(twins);
    if (n != a.areas->n || a.ntwins > MAX_POOL) {
        PyErr_SetString(PyExc_ValueError, "the pool does not match its area table");
        goto done;
    }
    for (Py_ssize_t g = 0; g < a.ntwins; g++)
        if (get_u64(twins, g, &a.twins[g])) goto done;
    a.all_free = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    a.room = 64;
    a.keys = PyMem_Calloc(a.room, sizeof(uint64_t));
    a.found = PyMem_Calloc(a.room, sizeof(unsigned long long));
    if (a.keys == NULL || a.found == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (place_all(&a, full, pieces)) goto done;
    if (full && size > 0 && analyze_rec(&a, full, 0, size)) goto done;
    out = combinations(&a);
done:
    PyMem_Free(a.cands);
    PyMem_Free(a.keys);
    PyMem_Free(a.found);
    Py_XDECREF(twins);
    Py_DECREF(pieces);
    return out;
}

static PyMethodDef core_methods[] = {
    {"first", core_first, METH_VARARGS, first_doc},
    {"count", core_count, METH_VARARGS, count_doc},
    {"count_first", core_count_first, METH_VARARGS, count_first_doc},
    {"area_table", core_area_table, METH_O, area_table_doc},
    {"analyze", core_analyze, METH_VARARGS, analyze_doc},
    {NULL, NULL, 0, NULL},
};

static int
core_exec(PyObject *module)
{
    if (PyModule_AddIntConstant(module, "BITS", BOARD_BITS)) return -1;
    if (PyModule_AddIntConstant(module, "MAX_POOL", MAX_POOL)) return -1;
    return PyModule_AddIntConstant(module, "MAX_PIECES", MAX_PIECES);
}

static PyModuleDef_Slot core_slots[] = {
    {Py_mod_exec, core_exec},
    {0, NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "solver._core",
    .m_doc = "The bitboard engine's searches in C: first tiling and count (see solver.bitboard).",
    .m_size = 0,
    .m_methods = core_methods,
    .m_slots = core_slots,
};

PyMODINIT_FUNC
PyInit__core(void)
{
    return PyModuleDef_Init(&core_module);
}
