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
 * tile() (issue 13's lean path) runs the same searches from less: the figure's cells or its
 * rows of '#' and '.', and the pieces as ids in a kit of shapes prepared once (kit()). It builds
 * the masks itself and returns a tiling as a grid of bytes (placements() turns it into cells),
 * so a puzzle costs Python one call instead of a compiled Board and a decoding.
 *
 * Every puzzle, large or small, shifts each free piece's orientations to the lowest empty cell
 * (the Python engine's small-puzzle path). A table of placements per lowest cell and piece
 * (the Python engine's large-puzzle path) was tried on these 128-bit padded boards and dropped:
 * counting the 12 pentominoes in 6x10 took 1.90 s CPU with it and 1.99 s without, 25.8 million
 * nodes either way. orbit_count() (counting by orbits, solver.symmetry) does use one, on 64-bit
 * boards without padding, for figures whose box holds 64 cells: there the table is what lets
 * the padding go, and it leaves out the placements that wall off a pocket (see Table64).
 * fixed_counts() gives Burnside's terms for counting up to symmetry (solver.symmetry), and
 * cell_maps() a figure's symmetries as the index maps both take, from 2D turns as matrices.
 *
 * Every entry point checks what it is handed before it searches (issue 19): containers are
 * tuples or lists (nested ones exactly so, so that reading them runs no Python code that could
 * change them under the reader), numbers are ints in range, masks fit the board, piece bits are
 * single and distinct, orientations are non-empty with their lowest cell at bit 0, ids fall in
 * the kit, opaque objects are the capsules this module made. Anything else is a TypeError or
 * ValueError naming the argument, never a read or write out of bounds: the searches rely on
 * those invariants (a used-set bit per piece bounds the depth by the number of pieces, which
 * sizes every buffer). The checks run once per call, never in the search loops.
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
#define MAX_SHIFTS 8 /* neighbour steps of a lattice, as bit distances: squares 2, hexagons 3 */

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
    int nshift;           /* > 0: a placement that leaves an empty cell with no empty
                             neighbour is not tried (every piece has two cells or more, joined) */
    int shift[MAX_SHIFTS]; /* the lattice's neighbour steps as bit distances */
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

/* An int argument within [lo, hi] into *out: TypeError when it is no int, ValueError (naming
 * it and the range) when it is outside. Ints only, so no __index__ runs (no Python code). */
static int
int_in(PyObject *obj, const char *name, long long lo, long long hi, long long *out)
{
    if (!PyLong_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.80s", name, Py_TYPE(obj)->tp_name);
        return -1;
    }
    int overflow;
    long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (v == -1 && !overflow && PyErr_Occurred()) return -1;
    if (overflow || v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s must be an int from %lld to %lld", name, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

/* An int of 0 to 2^64 - 1 (a used-set, a piece bit) into *out; TypeError or ValueError. */
static int
u64_in(PyObject *obj, const char *name, uint64_t *out)
{
    if (!PyLong_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.80s", name, Py_TYPE(obj)->tp_name);
        return -1;
    }
    unsigned long long v = PyLong_AsUnsignedLongLong(obj);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError)) return -1;
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "%s must be an int from 0 to 2**64 - 1", name);
        return -1;
    }
    *out = v;
    return 0;
}

/* A Python int of at most BOARD_BITS bits as a board; TypeError when it is no int, ValueError
 * when it is wider or negative. */
static int
to_board(PyObject *obj, const char *name, board_t *out)
{
    if (!PyLong_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int mask, not %.80s", name,
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
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
    PyErr_Format(PyExc_ValueError, "%s is negative or wider than %d bits", name, BOARD_BITS);
    return -1;
}

/* An oriented mask: on the board, its lowest cell at bit 0 (the searches shift it there). */
static int
to_oriented(PyObject *obj, const char *name, board_t *out)
{
    if (to_board(obj, name, out)) return -1;
    if (!(*out & 1)) {
        PyErr_Format(PyExc_ValueError, "%s must have its lowest cell at bit 0", name);
        return -1;
    }
    return 0;
}

/* A tuple or list (a new reference), else TypeError: read with PySequence_Fast_* and no
 * Python code running, so it cannot change while it is read. */
static PyObject *
seq_of(PyObject *obj, const char *name)
{
    if (PyTuple_Check(obj) || PyList_Check(obj)) return Py_NewRef(obj);
    PyErr_Format(PyExc_TypeError, "%s must be a tuple or list, not %.80s", name,
                 Py_TYPE(obj)->tp_name);
    return NULL;
}

/* seq_of with exactly n items (else ValueError). */
static PyObject *
seq_of_size(PyObject *obj, const char *name, Py_ssize_t n)
{
    PyObject *seq = seq_of(obj, name);
    if (seq != NULL && PySequence_Fast_GET_SIZE(seq) != n) {
        PyErr_Format(PyExc_ValueError, "%s must have %zd items, not %zd", name, n,
                     PySequence_Fast_GET_SIZE(seq));
        Py_CLEAR(seq);
    }
    return seq;
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

/* A tiling's placements as a list of (position, mask) pairs, as the Python engine keeps them. */
static PyObject *
placed_list(const long *pos, const board_t *mask, Py_ssize_t n)
{
    PyObject *out = PyList_New(n);
    if (out == NULL) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *pair = Py_BuildValue("(lN)", pos[i], from_board(mask[i]));
        if (pair == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, pair);
    }
    return out;
}

/* Whether bit is one bit (a piece's mark in a used-set). */
static inline int
one_bit(uint64_t bit)
{
    return bit && !(bit & (bit - 1));
}

/* One slot, ((need, req, bit, pos), oriented masks), into s->slots[k], its masks appended to
 * s->oriented (grown as needed, *room boards). The piece's bit must be one bit no earlier slot
 * has (*bits: theirs), in need and not in req (so a piece down is never free again). */
static int
read_slot(Search *s, Py_ssize_t k, PyObject *item, Py_ssize_t *next, Py_ssize_t *room,
          uint64_t *bits)
{
    /* names without the slot's index: formatting one per call cost more than the search of a
     * small puzzle (1.5 us became 4.5 us, bench/bench_core.py "first tiling, search only") */
    PyObject *pair = seq_of_size(item, "a slot", 2), *head = NULL, *masks = NULL;
    int ok = -1;
    if (pair == NULL) return -1;
    head = seq_of_size(PySequence_Fast_GET_ITEM(pair, 0), "a slot's head", 4);
    masks = head == NULL ? NULL : seq_of(PySequence_Fast_GET_ITEM(pair, 1), "a slot's masks");
    if (masks == NULL) goto done;
    Slot *slot = &s->slots[k];
    long long pos;
    if (u64_in(PySequence_Fast_GET_ITEM(head, 0), "a slot's need", &slot->need) ||
        u64_in(PySequence_Fast_GET_ITEM(head, 1), "a slot's req", &slot->req) ||
        u64_in(PySequence_Fast_GET_ITEM(head, 2), "a slot's bit", &slot->bit) ||
        int_in(PySequence_Fast_GET_ITEM(head, 3), "a slot's pos", 0, MAX_PIECES - 1, &pos))
        goto done;
    if (!one_bit(slot->bit) || (slot->bit & *bits) || !(slot->need & slot->bit) ||
        (slot->req & slot->bit)) {
        PyErr_Format(PyExc_ValueError,
                     "slots[%zd]: bit must be one bit no other slot has, in need, not in req", k);
        goto done;
    }
    *bits |= slot->bit;
    slot->pos = (long)pos;
    slot->first = *next;
    slot->n = PySequence_Fast_GET_SIZE(masks);
    if (*next + slot->n > *room) {
        Py_ssize_t grow = 2 * (*next + slot->n);
        board_t *more = PyMem_Resize(s->oriented, board_t, (size_t)grow);
        if (more == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        s->oriented = more;
        *room = grow;
    }
    for (Py_ssize_t j = 0; j < slot->n; j++)
        if (to_oriented(PySequence_Fast_GET_ITEM(masks, j), "a slot's orientation mask",
                        &s->oriented[*next + j]))
            goto done;
    *next += slot->n;
    ok = 0;
done:
    Py_XDECREF(head);
    Py_XDECREF(masks);
    Py_DECREF(pair);
    return ok;
}

/* tick (None or a callable) and every (nodes between two calls, at least 1) into c. */
static int
start_clock(Clock *c, PyObject *tick, PyObject *every_obj)
{
    long long every;
    if (tick != Py_None && !PyCallable_Check(tick)) {
        PyErr_Format(PyExc_TypeError, "tick must be None or callable, not %.80s",
                     Py_TYPE(tick)->tp_name);
        return -1;
    }
    if (int_in(every_obj, "every", 1, LLONG_MAX, &every)) return -1;
    c->tick = tick;
    c->every = c->countdown = every;
    c->nodes = 0;
    return 0;
}

/* The pruning of dead() on for these bit distances (a tuple or list of at most MAX_SHIFTS
 * ints from 1 to BOARD_BITS - 1; NULL or empty: off), unless a piece has one cell (its
 * oriented mask is 1): the caller passes steps only for pieces joined through them. */
static int
read_shifts(Search *s, PyObject *obj, Py_ssize_t norient)
{
    s->nshift = 0;
    if (obj == NULL) return 0;
    PyObject *seq = seq_of(obj, "shifts");
    if (seq == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    int ok = -1;
    if (n > MAX_SHIFTS) {
        PyErr_Format(PyExc_ValueError, "at most %d shifts, not %zd", MAX_SHIFTS, n);
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long long v;
        if (int_in(PySequence_Fast_GET_ITEM(seq, i), "a shift", 1, BOARD_BITS - 1, &v)) goto done;
        s->shift[i] = (int)v;
    }
    s->nshift = (int)n;
    for (Py_ssize_t j = 0; j < norient; j++)
        if (s->oriented[j] == 1) s->nshift = 0;
    ok = 0;
done:
    Py_DECREF(seq);
    return ok;
}

/* Fill a Search from the arguments; on success the caller frees s->oriented. */
static int
prepare(Search *s, PyObject *slots, PyObject *goal, PyObject *tick, PyObject *every,
        PyObject *shifts)
{
    memset(s, 0, offsetof(Search, path_pos));
    PyObject *seq = PySequence_Fast(slots, "slots must be a sequence");
    if (seq == NULL) return -1;
    s->nslots = PySequence_Fast_GET_SIZE(seq);
    Py_ssize_t room = 0, next = 0;
    uint64_t bits = 0;
    if (s->nslots > MAX_PIECES) {
        PyErr_Format(PyExc_ValueError, "at most %d slots (pieces), not %zd", MAX_PIECES,
                     s->nslots);
        goto fail;
    }
    for (Py_ssize_t k = 0; k < s->nslots; k++)
        if (read_slot(s, k, PySequence_Fast_GET_ITEM(seq, k), &next, &room, &bits)) goto fail;
    if (u64_in(goal, "goal", &s->goal)) goto fail;
    if (start_clock(&s->clock, tick, every)) goto fail;
    if (read_shifts(s, shifts, next)) goto fail;
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

/* Whether rem holds a cell none of whose neighbours is in rem: no piece of two cells or more
 * can cover it, so the search below rem finds nothing (the peer sugyan/pentomino prunes so).
 * A step that wraps past a row's end may make a false neighbour (a padding bit is never in
 * rem, so only the rare figure without padding), which only keeps a branch; a true neighbour
 * is always its cell's bit plus or minus the step. */
static inline int
dead(const Search *s, board_t rem)
{
    board_t near = 0;
    for (int i = 0; i < s->nshift; i++) near |= rem << s->shift[i] | rem >> s->shift[i];
    return (rem & ~near) != 0;
}

/* The search of first_rec, for one value of prune (a constant once inlined into each of its two
 * copies below: the plain copy is the loop without the pruning's test, as small puzzles want). */
typedef int (*FirstFn)(Search *, board_t, uint64_t);

static inline __attribute__((always_inline)) int
first_step(Search *s, board_t rem, uint64_t used, const int prune, FirstFn self)
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
            else if (prune && dead(s, rem ^ (om << low)))
                continue;
            else
                got = self(s, rem ^ (om << low), used | slot->bit);
            if (got > 0) {
                s->path_pos[s->depth] = slot->pos;
                s->path_mask[s->depth++] = om << low;
            }
            if (got) return got;
        }
    }
    return 0;
}

static int first_plain(Search *s, board_t rem, uint64_t used);
static int first_pruned(Search *s, board_t rem, uint64_t used);

static int
first_plain(Search *s, board_t rem, uint64_t used)
{
    return first_step(s, rem, used, 0, first_plain);
}

static int
first_pruned(Search *s, board_t rem, uint64_t used)
{
    return first_step(s, rem, used, 1, first_pruned);
}

/* 1 when a tiling of rem with the free pieces was found (and recorded), 0 if none, -1 on error. */
static int
first_rec(Search *s, board_t rem, uint64_t used)
{
    return s->nshift ? first_pruned(s, rem, used) : first_plain(s, rem, used);
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

/* The search of count_rec, for one value of prune, as first_step. */
typedef int (*CountFn)(Search *, board_t, uint64_t);

static inline __attribute__((always_inline)) int
count_step(Search *s, board_t rem, uint64_t used, const int prune, CountFn self)
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
            } else if (!(prune && dead(s, rem ^ (om << low)))) {
                s->path_pos[s->depth] = slot->pos;
                s->path_mask[s->depth++] = om << low;
                int stop = self(s, rem ^ (om << low), used | slot->bit);
                s->depth--;
                if (stop) return stop;
            }
        }
    }
    return 0;
}

static int count_plain(Search *s, board_t rem, uint64_t used);
static int count_pruned(Search *s, board_t rem, uint64_t used);

static int
count_plain(Search *s, board_t rem, uint64_t used)
{
    return count_step(s, rem, used, 0, count_plain);
}

static int
count_pruned(Search *s, board_t rem, uint64_t used)
{
    return count_step(s, rem, used, 1, count_pruned);
}

/* Add the tilings of rem with the free pieces to s->found; 1 once the cap is met, -1 on error. */
static int
count_rec(Search *s, board_t rem, uint64_t used)
{
    return s->nshift ? count_pruned(s, rem, used) : count_plain(s, rem, used);
}

PyDoc_STRVAR(first_doc,
"first(full, slots, goal, tick, every[, shifts]) -> [(pos, mask), ...] | None\n\n"
"One tiling as (piece position, mask) pairs, deepest placement first, or None. shifts: the\n"
"lattice's neighbour steps as bit distances, given when every piece is joined through them:\n"
"then no placement that leaves an empty cell without an empty neighbour is tried.");

static PyObject *
core_first(PyObject *module, PyObject *args)
{
    PyObject *full_obj, *slots, *goal, *tick, *every, *shifts = NULL;
    if (!PyArg_ParseTuple(args, "OOOOO|O:first", &full_obj, &slots, &goal, &tick, &every,
                          &shifts))
        return NULL;
    board_t full;
    if (to_board(full_obj, "full", &full)) return NULL;
    Search s;
    if (prepare(&s, slots, goal, tick, every, shifts)) return NULL;
    int got = full ? first_rec(&s, full, 0) : 0;
    PyMem_Free(s.oriented);
    if (got < 0) return NULL;
    if (got == 0) Py_RETURN_NONE;
    return placed_list(s.path_pos, s.path_mask, s.depth);
}

/* Run the count of the arguments into *s; 0, or -1 with an exception set. */
static int
run_count(PyObject *args, const char *format, Search *s)
{
    PyObject *full_obj, *slots, *goal, *cap_obj, *tick, *every, *shifts = NULL;
    long long cap;
    if (!PyArg_ParseTuple(args, format, &full_obj, &slots, &goal, &cap_obj, &tick, &every,
                          &shifts))
        return -1;
    board_t full;
    if (to_board(full_obj, "full", &full)) return -1;
    if (int_in(cap_obj, "cap", LLONG_MIN, LLONG_MAX, &cap)) return -1;
    if (prepare(s, slots, goal, tick, every, shifts)) return -1;
    s->cap = cap;
    int got = (full && cap != 0) ? count_rec(s, full, 0) : 0;
    PyMem_Free(s->oriented);
    return got < 0 ? -1 : 0;
}

PyDoc_STRVAR(count_doc,
"count(full, slots, goal, cap, tick, every[, shifts]) -> int\n\n"
"Number of tilings, stopping once cap are found (cap < 0: no cap); shifts as in first().");

static PyObject *
core_count(PyObject *module, PyObject *args)
{
    Search s;
    if (run_count(args, "OOOOOO|O:count", &s)) return NULL;
    return PyLong_FromUnsignedLongLong(s.found);
}

PyDoc_STRVAR(count_first_doc,
"count_first(full, slots, goal, cap, tick, every[, shifts]) -> (int, [(pos, mask), ...] | None)\n\n"
"count() and the first tiling it met (as first() finds it), in one search.");

static PyObject *
core_count_first(PyObject *module, PyObject *args)
{
    Search s;
    if (run_count(args, "OOOOOO|O:count_first", &s)) return NULL;
    if (s.found == 0) return Py_BuildValue("(iO)", 0, Py_None);
    PyObject *placed = placed_list(s.first_pos, s.first_mask, s.first_len);
    if (placed == NULL) return NULL;
    return Py_BuildValue("(KN)", s.found, placed);
}

/* ---- tile: a puzzle from its figure's cells or rows to its answer, in one call ------------ */

/* The pieces of a set, prepared once (kit()): per piece its shape class (copies share one), its
 * extent and its orientations as cell offsets from their lowest cell, in the order of
 * solver.pieces.orientations. tile() turns them into masks for each figure's stride, so a
 * puzzle costs Python one call: no compiled Board, no slots to read, no masks to decode. */
#define KIT "solver._core.Kit"
/* The most orientations of one piece: the 24 proper rotations of a block of cubes, the largest
 * group of any lattice (squares have 8, hexagons 12). */
#define ORIENTS 24

typedef struct {
    long cls, extent;
    Py_ssize_t norient, ncells, first; /* offsets of orientation j: off[first + 2 * ncells * j ..] */
    long span[ORIENTS]; /* the columns orientation j spans (read once, asked by every tile()) */
    long widest;        /* the most columns any orientation spans */
} KitPiece;

typedef struct {
    Py_ssize_t n;
    KitPiece *pieces;
    long *off; /* (row, column) pairs */
} Kit;

static void
kit_free(PyObject *capsule)
{
    Kit *k = PyCapsule_GetPointer(capsule, KIT);
    if (k == NULL) return;
    PyMem_RawFree(k->pieces);
    PyMem_RawFree(k->off);
    PyMem_RawFree(k);
}

/* Offsets and extents beyond this are refused: they keep the index arithmetic of arm() far
 * from overflowing (a piece that large fits no board anyway). */
#define MAX_EXTENT (1L << 20)

/* One piece (cls, extent, ((dr, dc), ...) per orientation) into k->pieces[i], offsets at *used:
 * a tuple of an int class, an extent of 0 to MAX_EXTENT and 1 to ORIENTS orientations of one number
 * (at least 1) of cells, each a tuple of two ints within MAX_EXTENT of 0. */
static int
read_kit_piece(Kit *k, Py_ssize_t i, PyObject *item, Py_ssize_t *used, Py_ssize_t *room)
{
    KitPiece *p = &k->pieces[i];
    long long cls, extent;
    if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 3) {
        PyErr_Format(PyExc_TypeError, "pieces[%zd] must be a tuple (class, extent, orientations)",
                     i);
        return -1;
    }
    if (int_in(PyTuple_GET_ITEM(item, 0), "a kit piece's class", LONG_MIN, LONG_MAX, &cls) ||
        int_in(PyTuple_GET_ITEM(item, 1), "a kit piece's extent", 0, MAX_EXTENT, &extent))
        return -1;
    p->cls = (long)cls;
    p->extent = (long)extent;
    PyObject *os = seq_of(PyTuple_GET_ITEM(item, 2), "a kit piece's orientations");
    if (os == NULL) return -1;
    int ok = -1;
    p->norient = PySequence_Fast_GET_SIZE(os);
    p->first = *used;
    p->ncells = 0;
    if (p->norient < 1 || p->norient > ORIENTS) {
        PyErr_Format(PyExc_ValueError, "pieces[%zd] must have 1 to %d orientations, not %zd", i,
                     ORIENTS, p->norient);
        goto done;
    }
    for (Py_ssize_t j = 0; j < p->norient; j++) {
        PyObject *cells = seq_of(PySequence_Fast_GET_ITEM(os, j), "an orientation's cells");
        if (cells == NULL) goto done;
        Py_ssize_t nc = PySequence_Fast_GET_SIZE(cells);
        if (j == 0) p->ncells = nc;
        if (nc != p->ncells || nc < 1) {
            Py_DECREF(cells);
            PyErr_Format(PyExc_ValueError,
                         "pieces[%zd]: orientations must have one number of cells, at least 1", i);
            goto done;
        }
        if (*used + 2 * nc > *room) {
            Py_ssize_t grow = 2 * (*room + 2 * nc);
            long *off = PyMem_RawRealloc(k->off, (size_t)grow * sizeof(long));
            if (off == NULL) {
                Py_DECREF(cells);
                PyErr_NoMemory();
                goto done;
            }
            k->off = off;
            *room = grow;
        }
        for (Py_ssize_t c = 0; c < nc; c++) {
            PyObject *cell = PySequence_Fast_GET_ITEM(cells, c);
            long long dr, dc;
            if (!PyTuple_Check(cell) || PyTuple_GET_SIZE(cell) != 2) {
                Py_DECREF(cells);
                PyErr_Format(PyExc_TypeError, "pieces[%zd]: a cell must be a tuple (dr, dc)", i);
                goto done;
            }
            if (int_in(PyTuple_GET_ITEM(cell, 0), "a cell's dr", -MAX_EXTENT, MAX_EXTENT, &dr) ||
                int_in(PyTuple_GET_ITEM(cell, 1), "a cell's dc", -MAX_EXTENT, MAX_EXTENT, &dc)) {
                Py_DECREF(cells);
                goto done;
            }
            k->off[(*used)++] = (long)dr;
            k->off[(*used)++] = (long)dc;
        }
        Py_DECREF(cells);
        long lo = 0, hi = 0; /* the columns it spans, from the offsets just read */
        for (Py_ssize_t c = 0; c < nc; c++) {
            long dc = k->off[p->first + 2 * nc * j + 2 * c + 1];
            if (dc < lo) lo = dc;
            if (dc > hi) hi = dc;
        }
        p->span[j] = hi - lo + 1;
        if (j == 0 || p->span[j] > p->widest) p->widest = p->span[j];
    }
    ok = 0;
done:
    Py_DECREF(os);
    return ok;
}

PyDoc_STRVAR(kit_doc,
"kit(pieces) -> capsule\n\n"
"A piece set prepared for tile(): per piece (shape class, extent, orientations), each\n"
"orientation its cells as (row, column) offsets from its lowest cell; one per piece set.");

static PyObject *
core_kit(PyObject *module, PyObject *arg)
{
    PyObject *seq = PySequence_Fast(arg, "pieces must be a sequence");
    if (seq == NULL) return NULL;
    Kit *k = PyMem_RawCalloc(1, sizeof(Kit));
    Py_ssize_t used = 0, room = 0;
    if (k == NULL) {
        Py_DECREF(seq);
        return PyErr_NoMemory();
    }
    k->n = PySequence_Fast_GET_SIZE(seq);
    k->pieces = PyMem_RawCalloc((size_t)k->n + 1, sizeof(KitPiece));
    if (k->pieces == NULL) PyErr_NoMemory();
    for (Py_ssize_t i = 0; k->pieces != NULL && i < k->n; i++)
        if (read_kit_piece(k, i, PySequence_Fast_GET_ITEM(seq, i), &used, &room)) goto fail;
    Py_DECREF(seq);
    if (k->pieces == NULL) goto fail_freed;
    PyObject *capsule = PyCapsule_New(k, KIT, kit_free);
    if (capsule != NULL) return capsule;
    goto fail_freed;
fail:
    Py_DECREF(seq);
fail_freed:
    PyMem_RawFree(k->pieces);
    PyMem_RawFree(k->off);
    PyMem_RawFree(k);
    return NULL;
}

typedef struct {
    long top, left, height, width; /* the figure's box, in the coordinates given */
    int transposed;                /* stored as its transpose (wider than tall) */
    long across;                   /* columns as stored (the shorter side) */
    long stride;
    board_t full;
} Figure;

/* The pieces of one puzzle: ids in a kit. */
typedef struct {
    const Kit *k;
    const Py_ssize_t *id;
    Py_ssize_t n;
} Chosen;


static int
too_wide(void)
{
    PyErr_Format(PyExc_ValueError, "the figure does not fit %d bits", BOARD_BITS);
    return -1;
}

/* Cell (r, c) of the figure's box into f->full; -1 (ValueError) past the board. */
static inline int
put_cell(Figure *f, long r, long c)
{
    long i = f->transposed ? c * f->stride + r : r * f->stride + c;
    if (i >= BOARD_BITS) return too_wide();
    f->full |= (board_t)1 << i;
    return 0;
}

/* The figure's layout: transposed when wider than tall, and rows padded with as many empty
 * columns as the widest orientation that fits across the figure spans, less one, so that no
 * shift of it wraps into the next row (arm() leaves out the orientations too wide to fit: the
 * 12 pentominoes in 3x20, stored as 20 rows of 3, take 100 bits instead of 140). */
static void
set_shape(Figure *f, const Chosen *ch)
{
    f->transposed = f->width > f->height;
    f->across = f->transposed ? f->height : f->width;
    long pad = 0;
    for (Py_ssize_t i = 0; i < ch->n; i++) {
        const KitPiece *p = &ch->k->pieces[ch->id[i]];
        if (p->widest <= f->across) { /* every orientation fits across: the usual card */
            if (p->widest - 1 > pad) pad = p->widest - 1;
            continue;
        }
        for (Py_ssize_t j = 0; j < p->norient; j++) {
            long w = p->span[j];
            if (w <= f->across && w - 1 > pad) pad = w - 1;
        }
    }
    f->stride = f->across + pad;
}

/* The figure from rows of '#' and '.' only (ASCII str); anything else is a ValueError. */
static int
figure_from_rows(Figure *f, PyObject *rows, const Chosen *ch)
{
    Py_ssize_t n = PySequence_Fast_GET_SIZE(rows);
    long top = -1, bottom = -1, left = -1, right = -1;
    for (Py_ssize_t r = 0; r < n; r++) {
        PyObject *row = PySequence_Fast_GET_ITEM(rows, r);
        if (!PyUnicode_Check(row) || !PyUnicode_IS_ASCII(row)) goto other;
        const char *text = (const char *)PyUnicode_1BYTE_DATA(row);
        Py_ssize_t len = PyUnicode_GET_LENGTH(row);
        for (Py_ssize_t c = 0; c < len; c++) {
            if (text[c] == '.') continue;
            if (text[c] != '#') goto other;
            if (top < 0) top = (long)r;
            bottom = (long)r;
            if (left < 0 || c < left) left = (long)c;
            if (c > right) right = (long)c;
        }
    }
    if (top < 0) goto other;
    f->top = top;
    f->left = left;
    f->height = bottom - top + 1;
    f->width = right - left + 1;
    set_shape(f, ch);
    if ((f->transposed ? f->width : f->height) > BOARD_BITS) return too_wide();
    for (long r = top; r <= bottom; r++) {
        PyObject *row = PySequence_Fast_GET_ITEM(rows, r);
        const char *text = (const char *)PyUnicode_1BYTE_DATA(row);
        Py_ssize_t len = PyUnicode_GET_LENGTH(row);
        for (Py_ssize_t c = left; c < len; c++)
            if (text[c] == '#' && put_cell(f, r - top, (long)c - left)) return -1;
    }
    return 0;
other:
    PyErr_SetString(PyExc_ValueError, "rows of '#' and '.' with at least one '#' expected");
    return -1;
}

/* The figure from an iterable of (row, column) cells inside a height x width box at 0, 0. */
static int
figure_from_cells(Figure *f, PyObject *cells, const Chosen *ch)
{
    f->top = f->left = 0;
    if (f->height > BOARD_BITS || f->width > BOARD_BITS) return too_wide();
    set_shape(f, ch);
    PyObject *it = PyObject_GetIter(cells);
    if (it == NULL) return -1;
    PyObject *cell;
    int ok = 0;
    while (ok == 0 && (cell = PyIter_Next(it)) != NULL) {
        long long r, c;
        if (!PyTuple_Check(cell) || PyTuple_GET_SIZE(cell) != 2) {
            PyErr_SetString(PyExc_TypeError, "a cell of the figure must be a tuple (row, column)");
            ok = -1;
        } else if (int_in(PyTuple_GET_ITEM(cell, 0), "a cell's row", 0, f->height - 1, &r) ||
                   int_in(PyTuple_GET_ITEM(cell, 1), "a cell's column", 0, f->width - 1, &c))
            ok = -1;
        else
            ok = put_cell(f, (long)r, (long)c);
        Py_DECREF(cell);
    }
    Py_DECREF(it);
    return ok || PyErr_Occurred() ? -1 : 0;
}

/* The tiling of s (placements path_pos/path_mask, or first_*) as rows of bytes: 0x80 + piece
 * position on a covered cell, '.' elsewhere, '\n' between rows, in the figure's box. */
static PyObject *
grid_of(const Figure *f, const long *pos, const board_t *mask, Py_ssize_t len)
{
    Py_ssize_t w = f->width + 1;
    PyObject *out = PyBytes_FromStringAndSize(NULL, f->height * w - 1);
    if (out == NULL) return NULL;
    char *g = PyBytes_AS_STRING(out);
    memset(g, '.', (size_t)(f->height * w - 1));
    for (long r = 1; r < f->height; r++) g[r * w - 1] = '\n';
    for (Py_ssize_t k = 0; k < len; k++)
        for (board_t m = mask[k]; m; m &= m - 1) {
            long i = lowest_index(m), br = i / f->stride, bc = i % f->stride;
            long r = f->transposed ? bc : br, c = f->transposed ? br : bc;
            g[r * w + c] = (char)(0x80 + pos[k]);
        }
    return out;
}

/* s's slots and orientations for the n pieces id[] of kit k at the figure's stride. The ids
 * are in the kit (read_ids); each piece's bit is its own, so the search is as deep as n. */
static void
arm(Search *s, const Kit *k, const Py_ssize_t *id, Py_ssize_t n, const Figure *f,
    board_t *oriented)
{
    Py_ssize_t next = 0;
    long cls[MAX_PIECES];
    s->oriented = oriented;
    s->nslots = n;
    s->goal = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    for (Py_ssize_t i = 0; i < n; i++) {
        const KitPiece *p = &k->pieces[id[i]];
        Slot *slot = &s->slots[i];
        cls[i] = p->cls;
        slot->bit = (uint64_t)1 << i;
        slot->req = 0;
        for (Py_ssize_t j = i - 1; j >= 0; j--) /* the previous copy must be down */
            if (cls[j] == p->cls) {
                slot->req = (uint64_t)1 << j;
                break;
            }
        slot->need = slot->bit | slot->req;
        slot->pos = (long)i;
        slot->first = next;
        for (Py_ssize_t j = 0; j < p->norient; j++) {
            const long *off = &k->off[p->first + 2 * p->ncells * j];
            board_t m = 0;
            /* a wider one fits nowhere, and the padding is too narrow to keep it from wrapping */
            int fits = p->span[j] <= f->across;
            for (Py_ssize_t c = 0; c < p->ncells && fits; c++) {
                /* |offset| <= MAX_EXTENT and stride <= BOARD_BITS + MAX_EXTENT: no overflow */
                long long b = (long long)off[2 * c] * f->stride + off[2 * c + 1];
                fits = b >= 0 && b < BOARD_BITS;
                if (fits) m |= (board_t)1 << b;
            }
            if (fits) oriented[next++] = m; /* one wider than the board fits nowhere on it */
        }
        slot->n = next - slot->first;
    }
}

/* read_shifts for steps given as (row, column) offsets of the lattice, at most MAX_SHIFTS of
 * them, each coordinate from -2 to 2, turned into bit distances at the figure's stride (a
 * step and its opposite give one). */
static int
read_steps(Search *s, PyObject *obj, const Figure *f)
{
    PyObject *seq = seq_of(obj, "steps"), *shifts = NULL;
    if (seq == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    int ok = -1;
    if (n > MAX_SHIFTS) {
        PyErr_Format(PyExc_ValueError, "at most %d steps, not %zd", MAX_SHIFTS, n);
        goto done;
    }
    shifts = PyList_New(0);
    if (shifts == NULL) goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *step = seq_of_size(PySequence_Fast_GET_ITEM(seq, i), "a step", 2);
        if (step == NULL) goto done;
        long long dr, dc;
        int bad = int_in(PySequence_Fast_GET_ITEM(step, 0), "a step's row", -2, 2, &dr) ||
                  int_in(PySequence_Fast_GET_ITEM(step, 1), "a step's column", -2, 2, &dc);
        Py_DECREF(step);
        if (bad) goto done;
        long long d = f->transposed ? dc * f->stride + dr : dr * f->stride + dc;
        if (d < 0) d = -d;
        PyObject *v = PyLong_FromLongLong(d);
        if (v == NULL) goto done;
        int seen = d == 0 || d >= BOARD_BITS || PySequence_Contains(shifts, v);
        if (seen < 0 || (!seen && PyList_Append(shifts, v))) {
            Py_DECREF(v);
            goto done;
        }
        Py_DECREF(v);
    }
    Py_ssize_t norient = 0;
    for (Py_ssize_t k = 0; k < s->nslots; k++) norient = s->slots[k].first + s->slots[k].n;
    ok = read_shifts(s, shifts, norient);
done:
    Py_XDECREF(shifts);
    Py_DECREF(seq);
    return ok;
}

/* The ids (at most MAX_PIECES, each a piece of kit k) into id[], *n of them. Read once, before
 * the figure's cells (which may be any iterable, running Python code) are. */
static int
read_ids(PyObject *ids_obj, const Kit *k, Py_ssize_t *id, Py_ssize_t *n)
{
    PyObject *ids = PySequence_Fast(ids_obj, "ids must be a sequence");
    if (ids == NULL) return -1;
    *n = PySequence_Fast_GET_SIZE(ids);
    int ok = -1;
    if (*n > MAX_PIECES) {
        PyErr_Format(PyExc_ValueError, "at most %d ids (pieces), not %zd", MAX_PIECES, *n);
        goto done;
    }
    for (Py_ssize_t i = 0; i < *n; i++) {
        long long v;
        if (int_in(PySequence_Fast_GET_ITEM(ids, i), "an id", 0, (long long)k->n - 1, &v))
            goto done;
        id[i] = (Py_ssize_t)v;
    }
    ok = 0;
done:
    Py_DECREF(ids);
    return ok;
}

PyDoc_STRVAR(tile_doc,
"tile(kit, figure, height, width, ids, mode, cap, tick, every[, steps]) -> answer\n\n"
"One puzzle: the pieces ids of kit (in puzzle order) on a figure given as its cells (an\n"
"iterable of (row, column) in a height x width box) or, with height < 0, as rows of '#' and\n"
"'.'. The search of first() and count(), same order, same copy rule, the figure stored\n"
"transposed when wider than tall. A tiling comes as rows of bytes: 0x80 + piece position,\n"
"'.' outside, b'\\n' between rows. mode 0: the first tiling or None; 1: the count (stopping\n"
"at cap, < 0: none); 2: (count, first tiling or None). ValueError when the figure is not one\n"
"(other characters, no cell) or does not fit the board: the caller goes the long way.\n"
"steps: the lattice's neighbour steps as (row, column), as first()'s shifts.");

static PyObject *
core_tile(PyObject *module, PyObject *args)
{
    PyObject *kit_obj, *fig, *height_obj, *width_obj, *ids_obj, *mode_obj, *cap_obj, *tick,
        *every, *steps = NULL;
    long long height, width, mode, cap;
    if (!PyArg_ParseTuple(args, "OOOOOOOOO|O:tile", &kit_obj, &fig, &height_obj, &width_obj,
                          &ids_obj, &mode_obj, &cap_obj, &tick, &every, &steps))
        return NULL;
    if (!PyCapsule_IsValid(kit_obj, KIT)) {
        PyErr_SetString(PyExc_TypeError, "kit must be what kit() made");
        return NULL;
    }
    const Kit *k = PyCapsule_GetPointer(kit_obj, KIT);
    if (int_in(height_obj, "height", LLONG_MIN, LLONG_MAX, &height) ||
        int_in(width_obj, "width", LLONG_MIN, LLONG_MAX, &width) ||
        int_in(mode_obj, "mode", 0, 2, &mode) || int_in(cap_obj, "cap", LLONG_MIN, LLONG_MAX, &cap))
        return NULL;
    Py_ssize_t id[MAX_PIECES], n;
    if (read_ids(ids_obj, k, id, &n)) return NULL;
    Chosen ch = {k, id, n};
    Search s;
    memset(&s, 0, offsetof(Search, path_pos));
    if (start_clock(&s.clock, tick, every)) return NULL;
    Figure f;
    memset(&f, 0, sizeof f);
    if (height < 0) {
        PyObject *rows = PySequence_Fast(fig, "rows must be a sequence");
        if (rows == NULL) return NULL;
        int bad = figure_from_rows(&f, rows, &ch);
        Py_DECREF(rows);
        if (bad) return NULL;
    } else {
        if (height < 1 || width < 1) {
            PyErr_SetString(PyExc_ValueError, "a figure is at least 1 x 1");
            return NULL;
        }
        if (height > BOARD_BITS || width > BOARD_BITS) {
            too_wide();
            return NULL;
        }
        f.height = (long)height;
        f.width = (long)width;
        if (figure_from_cells(&f, fig, &ch)) return NULL;
    }
    board_t oriented[MAX_PIECES * ORIENTS];
    arm(&s, k, id, n, &f, oriented);
    if (steps != NULL && read_steps(&s, steps, &f)) return NULL;
    if (mode == 0) {
        int got = f.full ? first_rec(&s, f.full, 0) : 0;
        if (got < 0) return NULL;
        if (got == 0) Py_RETURN_NONE;
        return grid_of(&f, s.path_pos, s.path_mask, s.depth);
    }
    s.cap = cap;
    if (f.full && cap != 0 && count_rec(&s, f.full, 0) < 0) return NULL;
    if (mode == 1) return PyLong_FromUnsignedLongLong(s.found);
    PyObject *grid =
        s.found ? grid_of(&f, s.first_pos, s.first_mask, s.first_len) : Py_NewRef(Py_None);
    return grid == NULL ? NULL : Py_BuildValue("(KN)", s.found, grid);
}

PyDoc_STRVAR(placements_doc,
"placements(grid, n) -> (frozenset, ...)\n\n"
"The cells (row, column) of each of the n pieces of a tiling drawn by tile().");

static PyObject *
core_placements(PyObject *module, PyObject *args)
{
    PyObject *grid, *n_obj;
    long long n;
    if (!PyArg_ParseTuple(args, "OO:placements", &grid, &n_obj)) return NULL;
    if (!PyBytes_Check(grid)) {
        PyErr_Format(PyExc_TypeError, "grid must be bytes, not %.80s", Py_TYPE(grid)->tp_name);
        return NULL;
    }
    if (int_in(n_obj, "n", 0, MAX_PIECES, &n)) return NULL;
    const char *g = PyBytes_AS_STRING(grid);
    Py_ssize_t len = PyBytes_GET_SIZE(grid);
    PyObject *out = PyTuple_New(n);
    if (out == NULL) return NULL;
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *set = PyFrozenSet_New(NULL);
        if (set == NULL) goto fail;
        PyTuple_SET_ITEM(out, k, set);
    }
    long r = 0, c = 0;
    for (Py_ssize_t i = 0; i < len; i++, c++) {
        unsigned char b = (unsigned char)g[i];
        if (b == '\n') {
            r++;
            c = -1;
            continue;
        }
        if (b < 0x80) continue;
        if (b - 0x80 >= n) {
            PyErr_Format(PyExc_ValueError, "grid: a piece position %d past n = %lld", b - 0x80, n);
            goto fail;
        }
        PyObject *cell = Py_BuildValue("(ll)", r, c);
        if (cell == NULL) goto fail;
        int bad = PySet_Add(PyTuple_GET_ITEM(out, b - 0x80), cell); /* fresh frozensets */
        Py_DECREF(cell);
        if (bad) goto fail;
    }
    return out;
fail:
    Py_DECREF(out);
    return NULL;
}

/* ---- cells: a figure's rows read, for parse_figure -------------------------------------- */

PyDoc_STRVAR(cells_doc,
"cells(rows, most) -> (frozenset, height, width) | None\n\n"
"The '#' cells of rows of '#' and '.' (ASCII str), moved so the top row and the leftmost\n"
"column are 0, with the box's height and width; None for anything else (another character,\n"
"a row that is no str, no cell or more than most): parse_figure then reads them itself.");

static PyObject *
core_cells(PyObject *module, PyObject *args)
{
    PyObject *rows_obj, *most_obj;
    long long most;
    if (!PyArg_ParseTuple(args, "OO:cells", &rows_obj, &most_obj)) return NULL;
    if (int_in(most_obj, "most", 0, PY_SSIZE_T_MAX, &most)) return NULL;
    PyObject *rows = PySequence_Fast(rows_obj, "rows must be a sequence");
    if (rows == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(rows), count = 0;
    Py_ssize_t top = -1, bottom = -1, left = -1, right = -1;
    PyObject *out = NULL, *set = NULL;
    for (Py_ssize_t r = 0; r < n; r++) {
        PyObject *row = PySequence_Fast_GET_ITEM(rows, r);
        if (!PyUnicode_Check(row) || !PyUnicode_IS_ASCII(row)) goto other;
        const char *text = (const char *)PyUnicode_1BYTE_DATA(row);
        Py_ssize_t len = PyUnicode_GET_LENGTH(row);
        for (Py_ssize_t c = 0; c < len; c++) {
            if (text[c] == '.') continue;
            if (text[c] != '#') goto other;
            count++;
            if (top < 0) top = r;
            bottom = r;
            if (left < 0 || c < left) left = c;
            if (c > right) right = c;
        }
    }
    if (count == 0 || count > most) goto other;
    set = PyFrozenSet_New(NULL);
    if (set == NULL) goto done;
    for (Py_ssize_t r = top; r <= bottom; r++) {
        PyObject *row = PySequence_Fast_GET_ITEM(rows, r);
        const char *text = (const char *)PyUnicode_1BYTE_DATA(row);
        Py_ssize_t len = PyUnicode_GET_LENGTH(row);
        for (Py_ssize_t c = left; c < len; c++) {
            if (text[c] != '#') continue;
            PyObject *cell = PyTuple_New(2);
            if (cell == NULL) goto done;
            PyObject *y = PyLong_FromSsize_t(r - top), *x = PyLong_FromSsize_t(c - left);
            if (y == NULL || x == NULL) {
                Py_XDECREF(y);
                Py_XDECREF(x);
                Py_DECREF(cell);
                goto done;
            }
            PyTuple_SET_ITEM(cell, 0, y);
            PyTuple_SET_ITEM(cell, 1, x);
            int bad = PySet_Add(set, cell); /* allowed on a frozenset nobody else holds yet */
            Py_DECREF(cell);
            if (bad) goto done;
        }
    }
    out = Py_BuildValue("(Onn)", set, bottom - top + 1, right - left + 1);
    goto done;
other:
    out = Py_NewRef(Py_None);
done:
    Py_XDECREF(set);
    Py_DECREF(rows);
    return out;
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
        return PyErr_Format(PyExc_ValueError, "at most %d areas (pieces in a pool), not %zd",
                            MAX_POOL, n);
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long long v;
        if (int_in(PySequence_Fast_GET_ITEM(seq, i), "a piece's area", 1, LONG_MAX, &v)) {
            Py_DECREF(seq);
            return NULL;
        }
        area[i] = (long)v;
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
    unsigned long long names = namings(a, used), cap = (unsigned long long)a->cap;
    /* cap * names past 2^64 - 1 is never met; names >= 1 */
    if (a->cap < 0 || cap > ULLONG_MAX / names || a->found[i] < cap * names) a->found[i]++;
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
    board_t oriented[MAX_POOL][ORIENTS];
    Py_ssize_t norients[MAX_POOL];
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *masks = seq_of(PySequence_Fast_GET_ITEM(pieces, i), "a piece's orientations");
        if (masks == NULL) return -1;
        norients[i] = PySequence_Fast_GET_SIZE(masks);
        int bad = norients[i] > ORIENTS;
        for (Py_ssize_t j = 0; !bad && j < norients[i]; j++)
            bad = to_oriented(PySequence_Fast_GET_ITEM(masks, j), "an orientation mask",
                              &oriented[i][j])
                      ? -1
                      : 0;
        Py_DECREF(masks);
        if (bad) {
            if (bad > 0)
                PyErr_Format(PyExc_ValueError, "pieces[%zd] has more than %d orientations", i,
                             ORIENTS);
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
            int failed = 0;
            for (uint64_t rest = used; rest; rest &= rest - 1) {
                PyObject *index = PyLong_FromLong(lowest_index((board_t)rest));
                failed |= index == NULL;
                PyTuple_SET_ITEM(pieces, j++, index);
            }
            unsigned long long n = a->found[slot_of(a->keys, a->room, used)];
            if (failed)
                Py_DECREF(pieces);
            else
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
    PyObject *full_obj, *pieces_obj, *areas, *size_obj, *need_obj, *cap_obj, *twins_obj, *tick,
        *every;
    long long size;
    if (!PyArg_ParseTuple(args, "OOOOOOOOO:analyze", &full_obj, &pieces_obj, &areas, &size_obj,
                          &need_obj, &cap_obj, &twins_obj, &tick, &every))
        return NULL;
    Analysis a;
    memset(&a, 0, sizeof a);
    board_t full;
    if (to_board(full_obj, "full", &full)) return NULL;
    if (!PyCapsule_IsValid(areas, AREA_TABLE)) {
        PyErr_SetString(PyExc_TypeError, "areas must be what area_table() made");
        return NULL;
    }
    a.areas = PyCapsule_GetPointer(areas, AREA_TABLE);
    Py_ssize_t n = a.areas->n;
    a.all_free = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    /* size bounds the depth and indexes the area table's rows of n + 1 */
    if (int_in(size_obj, "size", 0, n, &size) || u64_in(need_obj, "need", &a.need) ||
        int_in(cap_obj, "cap", LLONG_MIN, LLONG_MAX, &a.cap) || start_clock(&a.clock, tick, every))
        return NULL;
    if (a.need & ~a.all_free) {
        PyErr_Format(PyExc_ValueError, "need must be a set of the pool's %zd pieces", n);
        return NULL;
    }
    PyObject *pieces = PySequence_Fast(pieces_obj, "pieces must be a sequence");
    if (pieces == NULL) return NULL;
    PyObject *twins = PySequence_Fast(twins_obj, "twins must be a sequence");
    PyObject *out = NULL;
    if (twins == NULL) goto done;
    a.ntwins = PySequence_Fast_GET_SIZE(twins);
    if (PySequence_Fast_GET_SIZE(pieces) != n) {
        PyErr_Format(PyExc_ValueError, "pieces must be the area table's %zd, not %zd", n,
                     PySequence_Fast_GET_SIZE(pieces));
        goto done;
    }
    if (a.ntwins > MAX_POOL) {
        PyErr_Format(PyExc_ValueError, "at most %d twins, not %zd", MAX_POOL, a.ntwins);
        goto done;
    }
    for (Py_ssize_t g = 0; g < a.ntwins; g++) {
        if (u64_in(PySequence_Fast_GET_ITEM(twins, g), "a twins set", &a.twins[g])) goto done;
        if (a.twins[g] & ~a.all_free) {
            PyErr_Format(PyExc_ValueError, "twins[%zd] must be a set of the pool's pieces", g);
            goto done;
        }
    }
    a.room = 64;
    a.keys = PyMem_Calloc(a.room, sizeof(uint64_t));
    a.found = PyMem_Calloc(a.room, sizeof(unsigned long long));
    if (a.keys == NULL || a.found == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (place_all(&a, full, pieces)) goto done;
    if (full && size > 0 && analyze_rec(&a, full, 0, (int)size)) goto done;
    out = combinations(&a);
done:
    PyMem_Free(a.cands);
    PyMem_Free(a.keys);
    PyMem_Free(a.found);
    Py_XDECREF(twins);
    Py_DECREF(pieces);
    return out;
}

/* ---- effort: the most-constrained-cell search of generator.effort ------------------------- */

typedef struct {
    const uint64_t *bit;   /* each placement's piece bit */
    const board_t *mask;   /* and cells */
    Py_ssize_t n;
    Py_ssize_t *order;     /* per depth, the placements that still fit: depth d at order[d * n] */
    Clock clock;
    unsigned long long nodes, tilings;
} Effort;

/* Nodes and tilings below a node (as generator.effort._search): the placements of ``fits``
 * (count ``nfits``, at depth ``depth``) that still fit, then the empty cell the fewest of them
 * cover (the first such in bit order), branching on its placements. 0, or -1 on error. */
static int
effort_rec(Effort *e, board_t rem, uint64_t free_, const Py_ssize_t *fits, Py_ssize_t nfits,
           int depth)
{
    if (visit(&e->clock)) return -1;
    e->nodes++;
    Py_ssize_t *here = e->order + (Py_ssize_t)(depth + 1) * e->n, k = 0;
    for (Py_ssize_t i = 0; i < nfits; i++) {
        Py_ssize_t j = fits[i];
        if ((e->bit[j] & free_) && (e->mask[j] & rem) == e->mask[j]) here[k++] = j;
    }
    uint32_t cover[BOARD_BITS]; /* 32 bits: a cell may lie under more than 65535 moves */
    memset(cover, 0, sizeof cover);
    for (Py_ssize_t i = 0; i < k; i++)
        for (board_t m = e->mask[here[i]]; m; m &= m - 1) cover[lowest_index(m)]++;
    board_t cell = rem & -rem;
    Py_ssize_t least = k + 1;
    for (board_t x = rem; x; x &= x - 1) { /* a cell no placement covers: a dead end at once */
        int c = lowest_index(x);
        if (cover[c] < least) {
            cell = (board_t)1 << c;
            least = cover[c];
        }
    }
    for (Py_ssize_t i = 0; i < k; i++) {
        Py_ssize_t j = here[i];
        if (!(e->mask[j] & cell)) continue;
        if (e->mask[j] == rem)
            e->tilings += free_ == e->bit[j];
        else if (effort_rec(e, rem ^ e->mask[j], free_ ^ e->bit[j], here, k, depth + 1))
            return -1;
    }
    return 0;
}

PyDoc_STRVAR(effort_doc,
"effort(full, moves, free, tick, every) -> (nodes, tilings)\n\n"
"generator.effort's search for every tiling, branching on the most constrained empty cell:\n"
"``moves`` are (piece bit, mask) placements, ``free`` the pieces' bits. The same nodes and\n"
"tilings as the Python search, in the same order.");

static PyObject *
core_effort(PyObject *module, PyObject *args)
{
    PyObject *full_obj, *moves_obj, *free_obj, *tick, *every;
    uint64_t free_;
    if (!PyArg_ParseTuple(args, "OOOOO:effort", &full_obj, &moves_obj, &free_obj, &tick, &every))
        return NULL;
    board_t full;
    Effort e = {0};
    if (to_board(full_obj, "full", &full) || u64_in(free_obj, "free", &free_) ||
        start_clock(&e.clock, tick, every))
        return NULL;
    PyObject *moves = PySequence_Fast(moves_obj, "moves must be a sequence");
    if (moves == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(moves);
    int pieces = popcount64(free_);
    /* a move takes its piece's bit out of free, so the search is at most `pieces` deep and
     * order needs that many rows (plus the root's and one spare) of n placements */
    uint64_t *bit = PyMem_New(uint64_t, (size_t)n + 1);
    board_t *mask = PyMem_New(board_t, (size_t)n + 1);
    e.order = (size_t)n + 1 > PY_SSIZE_T_MAX / sizeof(Py_ssize_t) / (size_t)(pieces + 2)
                  ? NULL
                  : PyMem_New(Py_ssize_t, ((size_t)n + 1) * (size_t)(pieces + 2));
    PyObject *out = NULL;
    if (bit == NULL || mask == NULL || e.order == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t j = 0; j < n; j++) {
        PyObject *move = PySequence_Fast_GET_ITEM(moves, j);
        if (!PyTuple_Check(move) || PyTuple_GET_SIZE(move) != 2) {
            PyErr_Format(PyExc_TypeError, "moves[%zd] must be a tuple (piece bit, mask)", j);
            goto done;
        }
        if (u64_in(PyTuple_GET_ITEM(move, 0), "a move's piece bit", &bit[j]) ||
            to_board(PyTuple_GET_ITEM(move, 1), "a move's mask", &mask[j]))
            goto done;
        if (!one_bit(bit[j]) || !(bit[j] & free_)) {
            PyErr_Format(PyExc_ValueError, "moves[%zd]: the piece bit must be one bit of free", j);
            goto done;
        }
        if (!mask[j]) {
            PyErr_Format(PyExc_ValueError, "moves[%zd]: the mask must cover a cell", j);
            goto done;
        }
        e.order[j] = j;
    }
    e.bit = bit;
    e.mask = mask;
    e.n = n;
    if (full && effort_rec(&e, full, free_, e.order, n, 0)) goto done;
    out = Py_BuildValue("(KK)", e.nodes, e.tilings);
done:
    PyMem_Free(bit);
    PyMem_Free(mask);
    PyMem_Free(e.order);
    Py_DECREF(moves);
    return out;
}

/* ---- orbit_count: counting by orbits (solver.symmetry) in one call ------------------------ */

/* The most symmetries a figure is given with: the 48 turns of the cube, the largest group. */
#define MAX_SYMMETRIES 48

/* Placements compared in reading order: as rank masks (bit i: the figure's i-th cell in the
 * order given), the first is the one holding the lowest bit where they differ, as in
 * solver.symmetry._in_order. */
static int
reading_order(const void *x, const void *y)
{
    board_t a = *(const board_t *)x, b = *(const board_t *)y, d = a ^ b;
    if (!d) return 0;
    return (a & d & (~d + 1)) ? -1 : 1;
}

/* Where m (a rank mask) stands in the sorted placed[0 .. n), or -1. */
static Py_ssize_t
find_placement(const board_t *placed, Py_ssize_t n, board_t m)
{
    Py_ssize_t lo = 0, hi = n;
    while (lo < hi) {
        Py_ssize_t mid = lo + (hi - lo) / 2;
        int c = reading_order(&placed[mid], &m);
        if (c == 0) return mid;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

typedef struct {
    Py_ssize_t ncells, nsym;
    int bit[BOARD_BITS];  /* the board bit of the cell of each rank */
    int rank[BOARD_BITS]; /* the rank of the cell at each board bit (-1: none) */
    unsigned char *image; /* image[g * ncells + i]: the rank of symmetry g's image of rank i */
} Ranks;

/* A board mask as a rank mask, and back. */
static board_t
to_ranks(const Ranks *rk, board_t m)
{
    board_t out = 0;
    for (; m; m &= m - 1) out |= (board_t)1 << rk->rank[lowest_index(m)];
    return out;
}

static board_t
to_bits(const Ranks *rk, board_t m)
{
    board_t out = 0;
    for (; m; m &= m - 1) out |= (board_t)1 << rk->bit[lowest_index(m)];
    return out;
}

/* The figure from a tuple or list of distinct (row, column) cells inside height x width, each
 * cell's rank its place in the sequence. */
static int
read_ranked_cells(Figure *f, Ranks *rk, PyObject *cells, const Chosen *ch)
{
    f->top = f->left = 0;
    set_shape(f, ch);
    PyObject *seq = seq_of(cells, "cells");
    if (seq == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    int ok = -1;
    if (n < 1 || n > BOARD_BITS) {
        PyErr_Format(PyExc_ValueError, "a figure of 1 to %d cells expected, not %zd", BOARD_BITS,
                     n);
        goto done;
    }
    rk->ncells = n;
    for (int b = 0; b < BOARD_BITS; b++) rk->rank[b] = -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *cell = PySequence_Fast_GET_ITEM(seq, i);
        long long r, c;
        if (!PyTuple_Check(cell) || PyTuple_GET_SIZE(cell) != 2) {
            PyErr_SetString(PyExc_TypeError, "a cell of the figure must be a tuple (row, column)");
            goto done;
        }
        if (int_in(PyTuple_GET_ITEM(cell, 0), "a cell's row", 0, f->height - 1, &r) ||
            int_in(PyTuple_GET_ITEM(cell, 1), "a cell's column", 0, f->width - 1, &c))
            goto done;
        long long b = f->transposed ? c * f->stride + r : r * f->stride + c;
        if (b >= BOARD_BITS) {
            too_wide();
            goto done;
        }
        if (rk->rank[b] >= 0) {
            PyErr_SetString(PyExc_ValueError, "a cell of the figure is given twice");
            goto done;
        }
        rk->rank[b] = (int)i;
        rk->bit[i] = (int)b;
        f->full |= (board_t)1 << b;
    }
    ok = 0;
done:
    Py_DECREF(seq);
    return ok;
}

/* The symmetries (a tuple or list of 1 to MAX_SYMMETRIES of them, each a tuple or list giving
 * the rank of every rank's image, one to one) into rk->image (freed by the caller). */
static int
read_symmetries(Ranks *rk, PyObject *obj)
{
    PyObject *seq = seq_of(obj, "symmetries");
    if (seq == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq), cells = rk->ncells;
    int ok = -1;
    if (n < 1 || n > MAX_SYMMETRIES) {
        PyErr_Format(PyExc_ValueError, "1 to %d symmetries expected, not %zd", MAX_SYMMETRIES, n);
        goto done;
    }
    rk->nsym = n;
    rk->image = PyMem_Malloc((size_t)(n * cells));
    if (rk->image == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t g = 0; g < n; g++) {
        PyObject *map = seq_of_size(PySequence_Fast_GET_ITEM(seq, g), "a symmetry", cells);
        if (map == NULL) goto done;
        board_t hit = 0;
        for (Py_ssize_t i = 0; i < cells; i++) {
            long long v;
            if (int_in(PySequence_Fast_GET_ITEM(map, i), "a symmetry's image", 0, cells - 1, &v)) {
                Py_DECREF(map);
                goto done;
            }
            hit |= (board_t)1 << v;
            rk->image[g * cells + i] = (unsigned char)v;
        }
        Py_DECREF(map);
        if (hit != (cells == BOARD_BITS ? ~(board_t)0 : ((board_t)1 << cells) - 1)) {
            PyErr_SetString(PyExc_ValueError, "a symmetry must map the cells one to one");
            goto done;
        }
    }
    ok = 0;
done:
    Py_DECREF(seq);
    return ok;
}

/* A rank mask under symmetry g. */
static board_t
image_of(const Ranks *rk, Py_ssize_t g, board_t m)
{
    const unsigned char *to = &rk->image[g * rk->ncells];
    board_t out = 0;
    for (; m; m &= m - 1) out |= (board_t)1 << to[lowest_index(m)];
    return out;
}

/* ---- boards of 64 cells: a table of placements per cell and piece ---------------------------
 *
 * A figure whose box holds at most 64 cells (every classic pentomino board: 6x10, 5x12, 4x15,
 * 3x20, 8x8) is searched on 64-bit boards without padding columns: each piece's placements
 * whose lowest cell is a given cell are listed once, those that fall off the figure left out
 * (so no padding is needed against wrapping) and those that cut a cell of the figure off
 * from every other left out too (such a cell can never be covered). The search is the one
 * of count_step, so the same count; only its boards are half as wide and its tries fewer:
 * each cell's lists are kept per state of the two cells after it (the probes: the first two
 * steps forwards), each list without the placements that cover a probe found filled (3x20:
 * 48,837 tries -> 31,507, 6x10 8.98M -> 5.66M; 10% fewer instructions on 6x10 and 5x12), and the pieces in an
 * order of the table's own (order_slots). Only the count is asked of it, which no order
 * changes (the first tiling is searched for apart, on the orbit found). */

#define PROBES 4 /* the states of the two cells after the lowest empty one that key a list */

typedef struct {
    Search *s;          /* goal, clock and the count found */
    uint64_t *place;    /* the placements, by cell, probe state, slot then orientation */
    uint32_t *start;    /* placements of slot k at cell b in probe state q:
                           place[start[(b * PROBES + q) * n + k] .. start[(...) + k + 1]) */
    Py_ssize_t n;       /* slots */
    uint64_t chain;     /* the slots (in the table's order) that wait for the slot before them */
    uint64_t has[64 * PROBES]; /* per cell and probe state, the slots whose list is not empty */
    uint64_t bit[MAX_PIECES]; /* each of the puzzle's slots as a bit in the table's order */
    Py_ssize_t order[MAX_PIECES]; /* the puzzle's slot at each place of the table's order */
    int probe[2];       /* the two probed cells' distances from the lowest empty cell */
    long across;        /* cells in a row of the layout */
    int nstep;
    int step[2 * MAX_SHIFTS]; /* a step as a bit distance, then the same for its opposite */
    long way[2 * MAX_SHIFTS]; /* step i's (row, column) at way[i], way[i + 1] (i even) */
    uint64_t from[2 * MAX_SHIFTS]; /* the cells whose neighbour by that step is in the box */
} Table64;

/* Whether rem holds a cell none of whose neighbours is in rem (dead(), exact on this layout:
 * each step is taken only from the cells whose neighbour lies in the box). */
static inline int
dead64(const Table64 *t, uint64_t rem)
{
    uint64_t near = 0;
    for (int i = 0; i < t->nstep; i += 2) /* each step is followed by its opposite */
        near |= (rem & t->from[i]) << t->step[i] | (rem & t->from[i + 1]) >> t->step[i];
    return (rem & ~near) != 0;
}

/* Bits set in x (inline: without -mpopcnt the builtin is a library call). */
static inline int
cells64(uint64_t x)
{
    x -= x >> 1 & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + (x >> 2 & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)(x * 0x0101010101010101ULL >> 56);
}

/* The cells next to m through the steps, for nstep / 2 steps (0: t->nstep; a constant once
 * inlined, so squares' loop is unrolled). */
static inline __attribute__((always_inline)) uint64_t
near64_n(const Table64 *t, uint64_t m, const int nstep)
{
    uint64_t near = 0;
    for (int i = 0; i < (nstep ? nstep : t->nstep); i += 2)
        near |= (m & t->from[i]) << t->step[i] | (m & t->from[i + 1]) >> t->step[i];
    return near;
}

/* Whether placement m leaves next to it a pocket of rem (cells joined through the steps)
 * with fewer cells than the smallest piece (least): nothing can fill it. Each neighbour of m
 * is grown a step at a time until it stops (a pocket) or holds least cells, counted by the
 * processor's own instruction when hw (see kept64). */
static inline __attribute__((always_inline)) int
pocket64_n(const Table64 *t, uint64_t rem, uint64_t m, int least, const int nstep, const int hw)
{
    uint64_t seeds = near64_n(t, m, nstep) & rem;
    while (seeds) {
        uint64_t part = seeds & (~seeds + 1);
        for (;;) {
            uint64_t grown = (part | near64_n(t, part, nstep)) & rem;
            if (grown == part) return 1;
            part = grown;
            if ((hw ? __builtin_popcountll(part) : cells64(part)) >= least) break;
        }
        seeds &= ~part;
    }
    return 0;
}

/* pocket64_n, squares' steps written out (3x20's table: 0.94M -> 0.88M instructions). */
static inline __attribute__((always_inline)) int
pocket64(const Table64 *t, uint64_t rem, uint64_t m, int least, const int hw)
{
    return t->nstep == 4 ? pocket64_n(t, rem, m, least, 4, hw)
                         : pocket64_n(t, rem, m, least, 0, hw);
}

/* dead64 for a lattice of nstep / 2 steps (a constant once inlined: the loop unrolled). */
static inline __attribute__((always_inline)) int
dead64_n(const Table64 *t, uint64_t rem, const int nstep)
{
    uint64_t near = 0;
    for (int i = 0; i < nstep; i += 2)
        near |= (rem & t->from[i]) << t->step[i] | (rem & t->from[i + 1]) >> t->step[i];
    return (rem & ~near) != 0;
}

/* The search of count64 for nstep / 2 steps (0: any number), as count_step. */
typedef int (*Count64Fn)(const Table64 *, uint64_t, uint64_t);

static inline __attribute__((always_inline)) int
count64_step(const Table64 *t, uint64_t rem, uint64_t used, const int nstep, Count64Fn self)
{
    Search *s = t->s;
    if (visit(&s->clock)) return -1;
    int low = __builtin_ctzll(rem);
    uint64_t r = rem >> low;
    Py_ssize_t q = (Py_ssize_t)((r >> t->probe[0] & 1) | (r >> t->probe[1] & 1) << 1);
    const uint32_t *at = &t->start[(low * PROBES + q) * (t->n + 1)];
    uint64_t free_ = s->goal & ~used;
    /* a copy waits for the one before it (the bit below its own) to be down; most free slots
     * have no placement here (3x20: 56,256 slots looked at for 31,507 tries) */
    uint64_t ready = free_ & ~(free_ << 1 & t->chain) & t->has[low * PROBES + q];
    for (uint64_t left = ready; left; left &= left - 1) {
        int k = __builtin_ctzll(left); /* slot k's bit is 1 << k */
        for (uint32_t e = at[k], end = at[k + 1]; e < end; e++) {
            uint64_t m = t->place[e], next = rem ^ m;
            if ((rem & m) != m) continue;
            if (!next)
                s->found += free_ == (left & (~left + 1)); /* it was the last piece */
            else if (!(nstep ? dead64_n(t, next, nstep) : dead64(t, next)) &&
                     self(t, next, used | (left & (~left + 1))) < 0)
                return -1;
        }
    }
    return 0;
}

static int count64_any(const Table64 *t, uint64_t rem, uint64_t used);
static int count64_square(const Table64 *t, uint64_t rem, uint64_t used);

static int
count64_any(const Table64 *t, uint64_t rem, uint64_t used)
{
    return count64_step(t, rem, used, 0, count64_any);
}

/* Squares' two steps written out (every pentomino board): the search of 3x20's rests 1.95M ->
 * 1.71M instructions (callgrind). */
static int
count64_square(const Table64 *t, uint64_t rem, uint64_t used)
{
    return count64_step(t, rem, used, 4, count64_square);
}

/* Add the tilings of rem with the free pieces to the count; -1 on error. */
static int
count64(const Table64 *t, uint64_t rem, uint64_t used)
{
    return t->nstep == 4 ? count64_square(t, rem, used) : count64_any(t, rem, used);
}

/* The starts (bits of at) where orientation om (lowest cell at bit 0, down rows below it) leaves
 * no pocket (pocket64) on the figure full: least the fewest cells of a piece. A pocket test
 * looks at the cells at most least steps from the placement, so at most reach rows above and
 * below it: a start whose rows there are those of the start a row up has its answer (3x20:
 * up to 9 of its 20 rows alike; its pocket tests 0.43M -> 0.31M of 2.1M instructions; every
 * answer checked against pocket64's on the five boards and tests/test_symmetry.py). */
static inline __attribute__((always_inline)) uint64_t
kept64_n(const Table64 *t, uint64_t om, uint64_t at, long down, uint64_t full, int least,
         long reach, const int hw)
{
    long across = t->across, rows = 2 * reach + down + 1;
    int alike = rows * across <= 64; /* the rows to compare fit a board */
    uint64_t window = !alike || rows * across == 64 ? ~(uint64_t)0
                                                    : ((uint64_t)1 << rows * across) - 1;
    uint64_t key[64], tested = 0, walled = 0;
    for (uint64_t w = at; w; w &= w - 1) {
        int b = __builtin_ctzll(w);
        uint64_t m = om << b;
        int pocket;
        if (m == full) {
            pocket = 0;
        } else {
            long top = b / across - reach; /* the rows from top on, those above the box empty */
            key[b] = !alike ? 0 : (top >= 0 ? full >> top * across : full << -top * across) & window;
            if (alike && b >= across && (tested >> (b - across) & 1) && key[b - across] == key[b])
                pocket = walled >> (b - across) & 1;
            else
                pocket = pocket64(t, full ^ m, m, least, hw);
            tested |= (uint64_t)1 << b;
        }
        if (pocket) walled |= (uint64_t)1 << b;
    }
    return at & ~walled;
}

static uint64_t
kept64_soft(const Table64 *t, uint64_t om, uint64_t at, long down, uint64_t full, int least,
            long reach)
{
    return kept64_n(t, om, at, down, full, least, reach, 0);
}

/* Where the processor counts bits in one instruction (x86-64 since 2008, but not the baseline
 * a build targets), kept64 uses it: the pocket tests' counts were a third of their cost
 * (3x20: orbit_count 1.91M -> 1.81M instructions). has_popcnt: whether it may, found once. */
#if defined(__GNUC__) && defined(__x86_64__)
static int has_popcnt;

__attribute__((target("popcnt"))) static uint64_t
kept64_hw(const Table64 *t, uint64_t om, uint64_t at, long down, uint64_t full, int least,
          long reach)
{
    return kept64_n(t, om, at, down, full, least, reach, 1);
}
#endif

/* kept64_n with the processor's bit count when it has one. */
static uint64_t
kept64(const Table64 *t, uint64_t om, uint64_t at, long down, uint64_t full, int least, long reach)
{
#if defined(__GNUC__) && defined(__x86_64__)
    if (has_popcnt) return kept64_hw(t, om, at, down, full, least, reach);
#endif
    return kept64_soft(t, om, at, down, full, least, reach);
}

/* The table's order of s's slots: each class's copies next to one another (the first copy's
 * place first), so that a copy waits for the slot just before it (t->chain) and the search
 * finds the slots it may place with three operations instead of a test per slot; t->bit[j]:
 * slot j's bit in that order. The count does not depend on the order. */
static void
order_slots(Table64 *t, const Kit *k, const Py_ssize_t *id)
{
    Py_ssize_t next = 0;
    uint64_t done = 0;
    for (Py_ssize_t j = 0; j < t->n; j++) {
        if (done >> j & 1) continue;
        for (Py_ssize_t i = j; i < t->n; i++) {
            if (k->pieces[id[i]].cls != k->pieces[id[j]].cls) continue;
            if (i != j) t->chain |= (uint64_t)1 << next;
            t->order[next] = i;
            t->bit[i] = (uint64_t)1 << next++;
            done |= (uint64_t)1 << i;
        }
    }
}

/* Fill t's lists from each orientation's cells (shape[e], lowest at bit 0) and the cells it is
 * kept at (at[e]; total of them in all): per cell b and probe state q, per slot in the table's
 * order, the placements that leave empty the probed cells q says are filled. -1 MemoryError. */
static int
fill64(Table64 *t, const Search *s, const uint64_t *shape, const uint64_t *at, Py_ssize_t total,
       uint64_t full64)
{
    Py_ssize_t n = t->n;
    t->start = PyMem_Malloc((size_t)(64 * PROBES * (n + 1)) * sizeof(uint32_t));
    t->place = PyMem_Malloc((size_t)(PROBES * total + 1) * sizeof(uint64_t));
    if (t->start == NULL || t->place == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    uint64_t cell[64 * ORIENTS]; /* the placements at b, and which probed cells each covers */
    unsigned char covers[64 * ORIENTS];
    Py_ssize_t slot_end[MAX_PIECES];
    uint32_t next = 0;
    for (uint64_t cells = full64; cells; cells &= cells - 1) {
        int b = __builtin_ctzll(cells);
        Py_ssize_t len = 0;
        for (Py_ssize_t j = 0; j < n; j++) {
            const Slot *slot = &s->slots[t->order[j]];
            for (Py_ssize_t e = slot->first; e < slot->first + slot->n; e++) {
                if (!(at[e] >> b & 1)) continue;
                cell[len] = shape[e] << b;
                covers[len++] = (unsigned char)((shape[e] >> t->probe[0] & 1) |
                                                (shape[e] >> t->probe[1] & 1) << 1);
            }
            slot_end[j] = len;
        }
        for (int q = 0; q < PROBES; q++) {
            uint32_t *start = &t->start[(b * PROBES + q) * (n + 1)];
            Py_ssize_t i = 0;
            for (Py_ssize_t j = 0; j < n; j++) {
                start[j] = next;
                for (; i < slot_end[j]; i++)
                    if (!(covers[i] & ~q)) t->place[next++] = cell[i];
                if (next > start[j]) t->has[b * PROBES + q] |= (uint64_t)1 << j;
            }
            start[n] = next;
        }
    }
    return 0;
}

/* The 64-bit layout of figure f: a cell's index row * across + column (as stored). */
static inline long
box_rows(const Figure *f)
{
    return f->transposed ? f->width : f->height;
}

/* Build t for s (armed on f from kit k's pieces id[]) when f's box holds at most 64 cells and
 * pruning is on; 0 when built, 1 when the figure does not take it, -1 on error (MemoryError).
 * steps: the validated steps given to read_steps. full64: the figure's cells on this layout. */
static int
build64(Table64 *t, Search *s, const Kit *k, const Py_ssize_t *id, const Figure *f,
        PyObject *steps, uint64_t *full64, const Ranks *rk)
{
    long rows = box_rows(f), across = f->across;
    if (!s->nshift || steps == NULL || rows * across > 64) return 1;
    memset(t, 0, sizeof *t);
    t->s = s;
    t->n = s->nslots;
    t->across = across;
    *full64 = 0;
    for (Py_ssize_t i = 0; i < rk->ncells; i++) {
        long b = rk->bit[i];
        *full64 |= (uint64_t)1 << (b / f->stride * across + b % f->stride);
    }
    PyObject *seq = seq_of(steps, "steps");
    if (seq == NULL) return -1;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq) && i < MAX_SHIFTS; i++) {
        PyObject *step = seq_of_size(PySequence_Fast_GET_ITEM(seq, i), "a step", 2);
        long long a, b;
        int bad = step == NULL ||
                  int_in(PySequence_Fast_GET_ITEM(step, 0), "a step's row", -2, 2, &a) ||
                  int_in(PySequence_Fast_GET_ITEM(step, 1), "a step's column", -2, 2, &b);
        Py_XDECREF(step);
        if (bad) {
            Py_DECREF(seq);
            return -1;
        }
        long dr = (long)(f->transposed ? b : a), dc = (long)(f->transposed ? a : b);
        if (dr * across + dc < 0) { /* the step forwards first, then its opposite */
            dr = -dr;
            dc = -dc;
        }
        int seen = dr * across + dc == 0; /* a step given with its opposite: once */
        for (int j = 0; j < t->nstep && !seen; j += 2) seen = t->way[j] == dr && t->way[j + 1] == dc;
        if (seen) continue;
        t->way[t->nstep] = dr;
        t->way[t->nstep + 1] = dc;
        for (int sign = 1; sign >= -1; sign -= 2) {
            uint64_t from = 0;
            for (long r = 0; r < rows; r++)
                for (long c = 0; c < across; c++) {
                    long r2 = r + sign * dr, c2 = c + sign * dc;
                    if (r2 >= 0 && r2 < rows && c2 >= 0 && c2 < across)
                        from |= (uint64_t)1 << (r * across + c);
                }
            t->step[t->nstep] = (int)(dr * across + dc); /* both: a left shift, a right one */
            t->from[t->nstep++] = from;
        }
    }
    Py_DECREF(seq);
    for (int i = 0; i < 2; i++) { /* the first two steps forwards (a lone step twice) */
        int d = t->step[t->nstep > 2 * i ? 2 * i : 0];
        t->probe[i] = d < 64 ? d : 63; /* any cell is a valid probe; a shift stays below 64 */
    }
    Py_ssize_t norient = 0;
    for (Py_ssize_t j = 0; j < t->n; j++) norient += s->slots[j].n;
    int least = 64; /* the fewest cells of a piece */
    for (Py_ssize_t j = 0; j < t->n; j++)
        if (k->pieces[id[j]].ncells < least) least = (int)k->pieces[id[j]].ncells;
    /* each orientation's cells as a mask with its lowest cell at bit 0 and the cells where it
     * can start: one shift-and per cell of it finds them all (its columns kept inside the box,
     * so that nothing wraps), instead of a test per cell, piece and orientation */
    uint64_t *shape = PyMem_Malloc((size_t)(3 * norient + 1) * sizeof(uint64_t));
    if (shape == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    uint64_t *anchors = shape + norient, *down_of = anchors + norient;
    Py_ssize_t at = 0;
    for (Py_ssize_t j = 0; j < t->n; j++) {
        const KitPiece *p = &k->pieces[id[j]];
        for (Py_ssize_t o = 0; o < p->norient; o++) {
            const long *off = &k->off[p->first + 2 * p->ncells * o];
            int fits = p->span[o] <= across; /* the orientations arm() kept, in its order */
            for (Py_ssize_t c = 0; c < p->ncells && fits; c++)
                fits = (long long)off[2 * c] * f->stride + off[2 * c + 1] < BOARD_BITS;
            if (!fits) continue;
            long lo = 0, hi = 0, down = 0;
            uint64_t m = 0;
            for (Py_ssize_t c = 0; c < p->ncells; c++) {
                long dr = off[2 * c], dc = off[2 * c + 1];
                lo = dc < lo ? dc : lo;
                hi = dc > hi ? dc : hi;
                down = dr > down ? dr : down;
            }
            uint64_t where = 0; /* the starts whose every cell is in the box */
            for (long r = 0; r + down < rows; r++)
                for (long c = -lo; c + hi < across; c++) where |= (uint64_t)1 << (r * across + c);
            where &= *full64;
            for (Py_ssize_t c = 0; c < p->ncells && where; c++) { /* where: d < 64 */
                long d = off[2 * c] * across + off[2 * c + 1]; /* >= 0: the lowest cell first */
                m |= (uint64_t)1 << d;
                where &= *full64 >> d;
            }
            shape[at] = m;
            down_of[at] = (uint64_t)down;
            anchors[at++] = where;
        }
    }
    long reach = 0; /* rows a pocket test looks at above and below a placement (see kept64) */
    for (int i = 0; i < t->nstep; i += 2) reach = labs(t->way[i]) > reach ? labs(t->way[i]) : reach;
    reach *= least;
    Py_ssize_t total = 0; /* the placements kept: no pocket next to them */
    for (Py_ssize_t e = 0; e < norient; e++) {
        anchors[e] = kept64(t, shape[e], anchors[e], (long)down_of[e], *full64, least, reach);
        total += cells64(anchors[e]);
    }
    order_slots(t, k, id);
    int failed = fill64(t, s, shape, anchors, total, *full64);
    PyMem_Free(shape);
    return failed;
}

/* placed[0 .. n) sorted by reading_order: bucketed by their lowest rank (the first key), then
 * each bucket (a few orientations) by insertion. qsort with reading_order as its comparison was
 * a sixth of counting 3x20 by orbits. */
static void
sort_in_reading_order(board_t *placed, Py_ssize_t n, Py_ssize_t ncells)
{
    Py_ssize_t first[BOARD_BITS + 1] = {0};
    board_t *copy = (board_t *)PyMem_Malloc((size_t)(n ? n : 1) * sizeof(board_t));
    if (copy == NULL) { /* no room for the buckets: the same order, more slowly */
        qsort(placed, (size_t)n, sizeof(board_t), reading_order);
        return;
    }
    for (Py_ssize_t i = 0; i < n; i++) first[lowest_index(placed[i]) + 1]++;
    for (Py_ssize_t r = 0; r < ncells; r++) first[r + 1] += first[r];
    for (Py_ssize_t i = 0; i < n; i++) copy[first[lowest_index(placed[i])]++] = placed[i];
    for (Py_ssize_t i = 1; i < n; i++) { /* nearly sorted now: only within a bucket */
        board_t m = copy[i];
        Py_ssize_t j = i;
        for (; j > 0 && reading_order(&copy[j - 1], &m) > 0; j--) copy[j] = copy[j - 1];
        copy[j] = m;
    }
    memcpy(placed, copy, (size_t)n * sizeof(board_t));
    PyMem_Free(copy);
}

/* Every placement of slot k inside the figure, as rank masks in reading order, into placed;
 * their number. */
static Py_ssize_t
placements_of(const Search *s, const Ranks *rk, board_t full, Py_ssize_t k, board_t *placed)
{
    const Slot *slot = &s->slots[k];
    Py_ssize_t n = 0;
    for (board_t cells = full; cells; cells &= cells - 1) {
        int low = lowest_index(cells);
        board_t r = full >> low;
        for (Py_ssize_t j = 0; j < slot->n; j++) {
            board_t om = s->oriented[slot->first + j];
            if ((r & om) == om) placed[n++] = to_ranks(rk, om << low);
        }
    }
    sort_in_reading_order(placed, n, rk->ncells);
    return n;
}

/* One placement per orbit (the first in reading order) into rep[], its orbit's size into size[];
 * their number, or -1 (ValueError) when a symmetry maps a placement onto none. seen: n bytes. */
static Py_ssize_t
orbits_in(const Ranks *rk, const board_t *placed, Py_ssize_t n, char *seen, board_t *rep,
          long *size)
{
    Py_ssize_t found = 0;
    memset(seen, 0, (size_t)n);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (seen[i]) continue;
        seen[i] = 1;
        long members = 1;
        for (Py_ssize_t g = 0; g < rk->nsym; g++) {
            Py_ssize_t j = find_placement(placed, n, image_of(rk, g, placed[i]));
            if (j < 0) {
                PyErr_SetString(PyExc_ValueError, "a symmetry maps a placement onto none");
                return -1;
            }
            if (!seen[j]) {
                seen[j] = 1;
                members++;
            }
        }
        rep[found] = placed[i];
        size[found++] = members;
    }
    return found;
}

/* The number of orbits of slot k's placements inside full, or -1 (ValueError) when a symmetry
 * maps one of them onto none. Each placement is named by its lowest board bit and orientation,
 * so an image is found by shifting it down to bit 0 and comparing it with the piece's few
 * orientations: no placement list, no sorting, no search (the orbits in reading order are
 * needed for the pivot alone; listing and sorting them for every piece was a sixth of counting
 * 3x20 by orbits). imgbit[g * BOARD_BITS + b]: the board bit of symmetry g's image of bit b.
 * seen: BOARD_BITS * ORIENTS bytes. */
static Py_ssize_t
orbits_counted(const Search *s, const Ranks *rk, const unsigned char *imgbit, board_t full,
               Py_ssize_t k, char *seen)
{
    const Slot *slot = &s->slots[k];
    const board_t *om = &s->oriented[slot->first];
    Py_ssize_t n = slot->n, found = 0;
    memset(seen, 0, (size_t)(BOARD_BITS * n));
    for (board_t cells = full; cells; cells &= cells - 1) {
        int low = lowest_index(cells);
        board_t r = full >> low;
        for (Py_ssize_t j = 0; j < n; j++) {
            if ((r & om[j]) != om[j] || seen[low * n + j]) continue;
            found++;
            for (Py_ssize_t g = 0; g < rk->nsym; g++) {
                const unsigned char *to = &imgbit[g * BOARD_BITS];
                board_t img = 0;
                for (board_t m = om[j] << low; m; m &= m - 1)
                    img |= (board_t)1 << to[lowest_index(m)];
                int at = lowest_index(img);
                Py_ssize_t o = 0;
                while (o < n && om[o] != img >> at) o++;
                if (o == n) {
                    PyErr_SetString(PyExc_ValueError, "a symmetry maps a placement onto none");
                    return -1;
                }
                seen[at * n + o] = 1;
            }
        }
    }
    return found;
}

/* How many placements slot k has inside full: per orientation, the cells where each of its
 * cells would land on a cell of full, a shift-and per cell of it (the fit test of
 * orbits_counted for every cell at once). */
static Py_ssize_t
placements_counted(const Search *s, board_t full, Py_ssize_t k)
{
    const Slot *slot = &s->slots[k];
    Py_ssize_t n = 0;
    for (Py_ssize_t j = 0; j < slot->n; j++) {
        board_t where = full;
        for (board_t m = s->oriented[slot->first + j]; m && where; m &= m - 1)
            where &= full >> lowest_index(m);
        n += board_popcount(where);
    }
    return n;
}

/* The pivot (a piece whose class no other piece has, with the fewest orbits; the first such
 * in puzzle order) and its orbits, in reading order, into rep[] and size[] (room for buffer
 * boards each); the pivot's position, -1 when every piece has copies, -2 on error.
 *
 * An orbit holds at most one placement per symmetry, so a piece of p placements has at least
 * p / (nsym + 1) orbits: the pieces are taken by that bound, fewest first, and a piece whose
 * bound cannot beat the best found is not looked at (on 3x20 only the X is: counting every
 * piece's orbits was a seventh of the count, 0.37M of 2.6M instructions). */
static Py_ssize_t
choose_pivot(const Search *s, const Ranks *rk, board_t full, const long *cls, board_t *rep,
             long *size, Py_ssize_t *norbits, Py_ssize_t buffer)
{
    Py_ssize_t pivot = -1;
    unsigned char *imgbit = PyMem_Malloc((size_t)(rk->nsym * BOARD_BITS + BOARD_BITS * ORIENTS));
    board_t *placed = PyMem_Malloc((size_t)buffer * sizeof(board_t));
    if (placed == NULL || imgbit == NULL) {
        PyMem_Free(placed);
        PyMem_Free(imgbit);
        PyErr_NoMemory();
        return -2;
    }
    char *seen = (char *)imgbit + rk->nsym * BOARD_BITS;
    for (Py_ssize_t g = 0; g < rk->nsym; g++)
        for (Py_ssize_t i = 0; i < rk->ncells; i++)
            imgbit[g * BOARD_BITS + rk->bit[i]] =
                (unsigned char)rk->bit[rk->image[g * rk->ncells + i]];
    Py_ssize_t order[MAX_PIECES], bound[MAX_PIECES], nalone = 0;
    for (Py_ssize_t k = 0; k < s->nslots; k++) {
        int alone = 1;
        for (Py_ssize_t j = 0; j < s->nslots; j++) alone &= j == k || cls[j] != cls[k];
        if (!alone) continue;
        Py_ssize_t b = (placements_counted(s, full, k) + rk->nsym) / (rk->nsym + 1), i = nalone++;
        for (; i > 0 && bound[order[i - 1]] > b; i--) order[i] = order[i - 1]; /* stable */
        order[i] = k;
        bound[k] = b;
    }
    for (Py_ssize_t i = 0; i < nalone; i++) {
        Py_ssize_t k = order[i];
        if (pivot >= 0 && (bound[k] > *norbits || (bound[k] == *norbits && k > pivot))) continue;
        Py_ssize_t got = orbits_counted(s, rk, imgbit, full, k, seen);
        if (got < 0) {
            pivot = -2;
            break;
        }
        if (pivot < 0 || got < *norbits || (got == *norbits && k < pivot)) {
            pivot = k;
            *norbits = got;
        }
    }
    if (pivot >= 0) { /* its orbits in reading order, as solver.symmetry lists them */
        Py_ssize_t n = placements_of(s, rk, full, pivot, placed);
        *norbits = orbits_in(rk, placed, n, seen, rep, size);
        if (*norbits < 0) pivot = -2;
    }
    PyMem_Free(placed);
    PyMem_Free(imgbit);
    return pivot;
}

/* The tilings of the figure, one orbit of the pivot's placements at a time: the sum of each
 * orbit's size times the count of the figure less its first placement (pieces but the pivot);
 * *first: the orbit of the first tiling met, -1 when none. -1 on error. */
static int
count_orbits(Search *s, const Ranks *rk, board_t full, Py_ssize_t pivot, const board_t *rep,
             const long *size, Py_ssize_t norbits, unsigned long long *total, Py_ssize_t *first,
             const Table64 *t, uint64_t full64, const Figure *f)
{
    uint64_t used = t != NULL ? t->bit[pivot] : s->slots[pivot].bit;
    *total = 0;
    *first = -1;
    for (Py_ssize_t o = 0; o < norbits; o++) {
        s->found = 0;
        if (t != NULL) { /* the 64-cell layout */
            uint64_t rem = full64;
            for (board_t m = rep[o]; m; m &= m - 1) {
                long b = rk->bit[lowest_index(m)];
                rem &= ~((uint64_t)1 << (b / f->stride * f->across + b % f->stride));
            }
            if (!rem)
                s->found = used == s->goal;
            else if (!dead64(t, rem) && count64(t, rem, used) < 0)
                return -1;
        } else {
            board_t rem = full & ~to_bits(rk, rep[o]);
            if (!rem)
                s->found = used == s->goal;
            else if (!(s->nshift && dead(s, rem)) && count_rec(s, rem, used) < 0)
                return -1;
        }
        unsigned long long add;
        if (__builtin_mul_overflow(s->found, (unsigned long long)size[o], &add) ||
            __builtin_add_overflow(*total, add, total)) {
            PyErr_SetString(PyExc_OverflowError, "more tilings than 2**64");
            return -1;
        }
        if (*first < 0 && s->found) *first = o;
    }
    return 0;
}

/* The ranks of a rank mask, as a tuple of ints. */
static PyObject *
rank_tuple(board_t m)
{
    PyObject *out = PyTuple_New(board_popcount(m));
    for (Py_ssize_t i = 0; out != NULL && m; m &= m - 1, i++) {
        PyObject *v = PyLong_FromLong(lowest_index(m));
        if (v == NULL) Py_CLEAR(out);
        else PyTuple_SET_ITEM(out, i, v);
    }
    return out;
}

PyDoc_STRVAR(orbit_count_doc,
"orbit_count(kit, cells, height, width, ids, symmetries, tick, every[, steps])\n"
"    -> (count, pivot, placed) | None\n\n"
"The tilings of the pieces ids of kit on the figure of the given cells (a tuple or list of\n"
"distinct (row, column) in a height x width box, in reading order), counted one orbit of a\n"
"pivot's placements at a time, as solver.symmetry.count_by_orbits: the pivot is the first\n"
"piece with the fewest orbits among those whose shape has no copy, each orbit's rest is\n"
"counted by tile()'s search. symmetries: the figure's symmetries, each as the index of every\n"
"cell's image in cells. placed: the indices of the cells of the first orbit's placement that\n"
"has a tiling (None when there is none). None when every piece has copies. ValueError as\n"
"tile() for a figure that does not fit, or when a symmetry is not one to one or maps a\n"
"placement of a piece it looks at onto none (the pieces whose placements are too many to\n"
"beat the pivot's orbits are not looked at); tick, every and steps as tile()'s.");

/* What orbit_count and fixed_counts are given alike: a kit, a figure's cells in reading order
 * inside height x width, the pieces' ids, the figure's symmetries as index maps, the clock. */
typedef struct {
    PyObject *kit, *cells, *height, *width, *ids, *syms, *tick, *every;
} Symmetric;

/* Read a Symmetric into *k, id and *n, f and rk (cells and symmetries), start s's clock and arm its
 * slots with oriented: one reading for both calls. -1 with an exception set (rk's images freed). */
static int
read_symmetric(const Symmetric *in, const Kit **k, Py_ssize_t *id, Py_ssize_t *n, Search *s,
               Figure *f, Ranks *rk, board_t *oriented)
{
    if (!PyCapsule_IsValid(in->kit, KIT)) {
        PyErr_SetString(PyExc_TypeError, "kit must be what kit() made");
        return -1;
    }
    *k = PyCapsule_GetPointer(in->kit, KIT);
    long long height, width;
    if (int_in(in->height, "height", 1, BOARD_BITS, &height) ||
        int_in(in->width, "width", 1, BOARD_BITS, &width))
        return -1;
    if (read_ids(in->ids, *k, id, n)) return -1;
    Chosen ch = {*k, id, *n};
    memset(s, 0, offsetof(Search, path_pos));
    if (start_clock(&s->clock, in->tick, in->every)) return -1;
    memset(f, 0, sizeof *f);
    f->height = (long)height;
    f->width = (long)width;
    rk->image = NULL;
    if (read_ranked_cells(f, rk, in->cells, &ch) || read_symmetries(rk, in->syms)) {
        PyMem_Free(rk->image);
        rk->image = NULL;
        return -1;
    }
    arm(s, *k, id, *n, f, oriented);
    return 0;
}

static PyObject *
core_orbit_count(PyObject *module, PyObject *args)
{
    PyObject *kit_obj, *cells, *height_obj, *width_obj, *ids_obj, *syms, *tick, *every,
        *steps = NULL;
    if (!PyArg_ParseTuple(args, "OOOOOOOO|O:orbit_count", &kit_obj, &cells, &height_obj,
                          &width_obj, &ids_obj, &syms, &tick, &every, &steps))
        return NULL;
    const Kit *k;
    Py_ssize_t id[MAX_PIECES], n;
    Search s;
    Figure f;
    Ranks rk;
    board_t oriented[MAX_PIECES * ORIENTS];
    Symmetric in = {kit_obj, cells, height_obj, width_obj, ids_obj, syms, tick, every};
    if (read_symmetric(&in, &k, id, &n, &s, &f, &rk, oriented)) return NULL;
    PyObject *out = NULL;
    board_t *rep = NULL;
    if (steps != NULL && read_steps(&s, steps, &f)) goto done;
    long cls[MAX_PIECES];
    for (Py_ssize_t i = 0; i < n; i++) cls[i] = k->pieces[id[i]].cls;
    s.cap = -1;
    Py_ssize_t buffer = ORIENTS * rk.ncells, norbits = 0, first;
    rep = PyMem_Malloc((size_t)buffer * (sizeof(board_t) + sizeof(long)));
    if (rep == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    long *size = (long *)(rep + buffer);
    Py_ssize_t pivot = choose_pivot(&s, &rk, f.full, cls, rep, size, &norbits, buffer);
    if (pivot == -2) goto done;
    if (pivot == -1) {
        out = Py_NewRef(Py_None);
        goto done;
    }
    unsigned long long total;
    Table64 t;
    uint64_t full64 = 0;
    t.start = NULL;
    t.place = NULL;
    int layout = build64(&t, &s, k, id, &f, steps, &full64, &rk);
    int failed = layout < 0 || count_orbits(&s, &rk, f.full, pivot, rep, size, norbits, &total,
                                            &first, layout == 0 ? &t : NULL, full64, &f);
    PyMem_Free(t.start);
    PyMem_Free(t.place);
    if (failed) goto done;
    PyObject *placed = first < 0 ? Py_NewRef(Py_None) : rank_tuple(rep[first]);
    if (placed != NULL) out = Py_BuildValue("(KnN)", total, pivot, placed);
done:
    PyMem_Free(rep);
    PyMem_Free(rk.image);
    return out;
}

/* ---- fixed_counts: the tilings each symmetry keeps, for up_to_symmetry (Burnside) --------
 *
 * A tiling a symmetry g keeps is made of whole orbits of placements under g: runs p, g(p),
 * g(g(p)), ... back to p, pairwise disjoint, of one class (g is a turn of the pieces' own
 * lattice, which holds the mirror image on every lattice the kit takes, so a piece's image is
 * a piece of its shape), each run using as many copies of the class as it has placements. So
 * they are the exact covers of the figure by such runs, each class used as often as the
 * puzzle has copies of it (solver.symmetry._fixed, the Python engine's). */

typedef struct {
    board_t cells;   /* the union of the run's placements */
    int cls, copies; /* the class it uses, and how many of its copies */
} Run;

typedef struct {
    Run *runs;                        /* by lowest cell */
    Py_ssize_t start[BOARD_BITS + 1]; /* cell i's runs: runs[start[i] .. start[i + 1]) */
    int left[MAX_PIECES];             /* copies of each class not yet down */
    unsigned long long found;
    Clock *clock;
} Cover;

/* Add the exact covers of rem by the runs (each class used left[] times) to c->found. */
static int
cover_rec(Cover *c, board_t rem)
{
    if (visit(c->clock)) return -1;
    int low = lowest_index(rem);
    for (Py_ssize_t e = c->start[low]; e < c->start[low + 1]; e++) {
        const Run *r = &c->runs[e];
        if ((r->cells & rem) != r->cells || c->left[r->cls] < r->copies) continue;
        c->left[r->cls] -= r->copies;
        int stop = 0;
        if (r->cells != rem)
            stop = cover_rec(c, rem ^ r->cells);
        else {
            int done = 1;
            for (int i = 0; i < MAX_PIECES && done; i++) done = c->left[i] == 0;
            c->found += done;
        }
        c->left[r->cls] += r->copies;
        if (stop) return -1;
    }
    return 0;
}

/* The image of a placement (a board mask) under the symmetry to[] (board bit to board bit),
 * and in *o the orientation of om[0 .. n) it is, or -1 (ValueError) when it is none. */
static board_t
image_placement(board_t m, const unsigned char *to, const board_t *om, Py_ssize_t n,
                Py_ssize_t *o)
{
    board_t img = 0;
    for (; m; m &= m - 1) img |= (board_t)1 << to[lowest_index(m)];
    int at = lowest_index(img);
    for (*o = 0; *o < n && om[*o] != img >> at; (*o)++) {}
    if (*o == n) {
        PyErr_SetString(PyExc_ValueError, "a symmetry maps a placement onto none");
        return 0;
    }
    return img;
}

/* The tilings symmetry to[] keeps: classes cls[] of the pieces (ncls of them, numbered 0 on,
 * first[c] a slot of class c, copies[c] its pieces); runs: room for every placement. The lone
 * classes are first asked for a kept placement in the order fewest (by their placements, the
 * fewest first): one without any ends the count at 0, and the X pentomino's 18 on 3x20 answer
 * before the F's 144 (fixed_counts 108k -> 76k instructions there). */
static int
fixed_by(const Search *s, board_t full, const unsigned char *to, const int *first,
         const int *copies, const int *fewest, int ncls, Run *runs, Cover *c)
{
    for (int pass = 0; pass < 2; pass++) { /* first: does every lone class have a kept place? */
        Py_ssize_t nrun = 0;
        for (int i = 0; i < ncls; i++) {
            int cl = pass == 0 ? fewest[i] : i;
            if (pass == 0 && copies[cl] > 1) continue;
            const Slot *slot = &s->slots[first[cl]];
            const board_t *om = &s->oriented[slot->first];
            Py_ssize_t had = nrun;
            for (board_t cells = full; cells; cells &= cells - 1) {
                int low = lowest_index(cells);
                board_t r = full >> low;
                for (Py_ssize_t j = 0; j < slot->n; j++) {
                    if ((r & om[j]) != om[j]) continue;
                    board_t p = om[j] << low, cur = p, all = p;
                    /* a lone class's run is a kept placement: its lowest cell's image in it (most
                     * are not: 3x20's three symmetries looked at 0.13M instructions of images) */
                    if (pass == 0 && !(p >> to[low] & 1)) continue;
                    int len = 1, least = 1, ok = 1;
                    Py_ssize_t o;
                    for (;;) {
                        cur = image_placement(cur, to, om, slot->n, &o);
                        if (o == slot->n) return -1;
                        if (cur == p) break;
                        if ((cur & all) || ++len > copies[cl]) {
                            ok = 0;
                            break;
                        }
                        least &= cur > p; /* p the least of its run: each run once */
                        all |= cur;
                    }
                    if (!ok || !least) continue;
                    if (pass == 0) {
                        nrun++;
                        break;
                    }
                    runs[nrun].cells = all;
                    runs[nrun].cls = cl;
                    runs[nrun++].copies = len;
                }
                if (pass == 0 && nrun > had) break;
            }
            if (nrun == had) return 0; /* a class no run holds: no tiling is kept */
        }
        if (pass == 0) continue;
        memset(c->start, 0, sizeof c->start); /* the runs bucketed by their lowest cell */
        for (Py_ssize_t e = 0; e < nrun; e++) c->start[lowest_index(runs[e].cells) + 1]++;
        for (int b = 0; b < BOARD_BITS; b++) c->start[b + 1] += c->start[b];
        Py_ssize_t at[BOARD_BITS];
        memcpy(at, c->start, sizeof at);
        for (Py_ssize_t e = 0; e < nrun; e++) c->runs[at[lowest_index(runs[e].cells)]++] = runs[e];
        for (int cl = 0; cl < MAX_PIECES; cl++) c->left[cl] = cl < ncls ? copies[cl] : 0;
        c->found = 0;
        if (cover_rec(c, full)) return -1;
    }
    return 0;
}

PyDoc_STRVAR(fixed_counts_doc,
"fixed_counts(kit, cells, height, width, ids, symmetries, tick, every) -> [int, ...]\n\n"
"For each symmetry (as orbit_count takes them) the tilings of the pieces ids of kit on the\n"
"figure of the given cells that it maps onto themselves, each piece onto a piece of its shape:\n"
"Burnside's lemma makes the count up to symmetry of them (solver.symmetry.up_to_symmetry).\n"
"ValueError as orbit_count's.");

static PyObject *
core_fixed_counts(PyObject *module, PyObject *args)
{
    PyObject *kit_obj, *cells, *height_obj, *width_obj, *ids_obj, *syms, *tick, *every;
    if (!PyArg_ParseTuple(args, "OOOOOOOO:fixed_counts", &kit_obj, &cells, &height_obj,
                          &width_obj, &ids_obj, &syms, &tick, &every))
        return NULL;
    const Kit *k;
    Py_ssize_t id[MAX_PIECES], n;
    Search s;
    Figure f;
    Ranks rk;
    board_t oriented[MAX_PIECES * ORIENTS];
    Symmetric in = {kit_obj, cells, height_obj, width_obj, ids_obj, syms, tick, every};
    if (read_symmetric(&in, &k, id, &n, &s, &f, &rk, oriented)) return NULL;
    int cls_of[MAX_PIECES], first[MAX_PIECES], copies[MAX_PIECES], ncls = 0;
    for (Py_ssize_t i = 0; i < n; i++) { /* classes numbered in order of first meeting */
        int c = 0;
        while (c < ncls && k->pieces[id[first[c]]].cls != k->pieces[id[i]].cls) c++;
        if (c == ncls) {
            first[ncls] = (int)i;
            copies[ncls++] = 0;
        }
        cls_of[i] = c;
        copies[c]++;
    }
    Py_ssize_t room = 0, placed[MAX_PIECES];
    for (Py_ssize_t i = 0; i < n; i++)
        if (first[cls_of[i]] == i) room += s.slots[i].n * BOARD_BITS;
    int fewest[MAX_PIECES]; /* the classes by their placements, fewest first (stable) */
    for (int c = 0; c < ncls; c++) {
        placed[c] = placements_counted(&s, f.full, first[c]);
        int i = c;
        for (; i > 0 && placed[fewest[i - 1]] > placed[c]; i--) fewest[i] = fewest[i - 1];
        fewest[i] = c;
    }
    PyObject *out = NULL;
    unsigned char *to = PyMem_Malloc((size_t)BOARD_BITS);
    Run *runs = PyMem_Malloc((size_t)(2 * room + 1) * sizeof(Run));
    Cover c;
    c.runs = runs + room;
    c.clock = &s.clock;
    if (to == NULL || runs == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    out = PyList_New(rk.nsym);
    for (Py_ssize_t g = 0; out != NULL && g < rk.nsym; g++) {
        for (Py_ssize_t i = 0; i < rk.ncells; i++)
            to[rk.bit[i]] = (unsigned char)rk.bit[rk.image[g * rk.ncells + i]];
        c.found = 0;
        PyObject *v = fixed_by(&s, f.full, to, first, copies, fewest, ncls, runs, &c) ? NULL
                      : PyLong_FromUnsignedLongLong(c.found);
        if (v == NULL) Py_CLEAR(out);
        else PyList_SET_ITEM(out, g, v);
    }
done:
    PyMem_Free(to);
    PyMem_Free(runs);
    PyMem_Free(rk.image);
    return out;
}

/* ---- cell_maps: a figure's symmetries as index maps, for orbit_count --------------------- */

#define MAX_BOX (1L << 22) /* cells in a figure's box cell_maps takes (its index grid) */

/* One turn ((a, b), (c, d)) into t[0..4): a tuple of two tuples of two ints from -4 to 4. */
static int
read_turn(PyObject *obj, long *t)
{
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 2) {
        PyErr_SetString(PyExc_TypeError, "a turn must be a tuple ((a, b), (c, d))");
        return -1;
    }
    for (int i = 0; i < 2; i++) {
        PyObject *row = PyTuple_GET_ITEM(obj, i);
        if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) != 2) {
            PyErr_SetString(PyExc_TypeError, "a turn must be a tuple ((a, b), (c, d))");
            return -1;
        }
        for (int j = 0; j < 2; j++) {
            long long v;
            if (int_in(PyTuple_GET_ITEM(row, j), "a turn's entry", -4, 4, &v)) return -1;
            t[2 * i + j] = (long)v;
        }
    }
    return 0;
}

/* The figure's cells (tuples of two ints from 0) on an index grid of its box (-1: no cell,
 * else its rank), each cell's tuple in *order in reading order; *height and *width the box's.
 * 0, or -1 on error. */
static int
grid_cells(PyObject *cells, long *height, long *width, Py_ssize_t **grid, PyObject **order)
{
    PyObject *seq = PySequence_Fast(cells, "cells must be an iterable");
    if (seq == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    int ok = -1;
    long rows = 0, cols = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *cell = PySequence_Fast_GET_ITEM(seq, i);
        long long r, c;
        if (!PyTuple_Check(cell) || PyTuple_GET_SIZE(cell) != 2) {
            PyErr_SetString(PyExc_TypeError, "a cell of the figure must be a tuple (row, column)");
            goto done;
        }
        if (int_in(PyTuple_GET_ITEM(cell, 0), "a cell's row", 0, MAX_BOX - 1, &r) ||
            int_in(PyTuple_GET_ITEM(cell, 1), "a cell's column", 0, MAX_BOX - 1, &c))
            goto done;
        rows = r >= rows ? (long)r + 1 : rows;
        cols = c >= cols ? (long)c + 1 : cols;
    }
    if (n == 0 || rows * cols > MAX_BOX) { /* both below 2^22: no overflow */
        PyErr_Format(PyExc_ValueError, "a figure of at least one cell in a box of at most %ld",
                     MAX_BOX);
        goto done;
    }
    *grid = PyMem_Malloc((size_t)(rows * cols + 2 * n) * sizeof(Py_ssize_t));
    if (*grid == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (long i = 0; i < rows * cols; i++) (*grid)[i] = -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *cell = PySequence_Fast_GET_ITEM(seq, i);
        long at = PyLong_AsLong(PyTuple_GET_ITEM(cell, 0)) * cols +
                  PyLong_AsLong(PyTuple_GET_ITEM(cell, 1));
        if ((*grid)[at] >= 0) {
            PyErr_SetString(PyExc_ValueError, "a cell of the figure is given twice");
            goto done;
        }
        (*grid)[at] = i;
    }
    *order = PyList_New(n);
    if (*order == NULL) goto done;
    Py_ssize_t rank = 0, *rc = *grid + rows * cols; /* each rank's row and column after it */
    for (long i = 0; i < rows * cols; i++)
        if ((*grid)[i] >= 0) {
            PyList_SET_ITEM(*order, rank, Py_NewRef(PySequence_Fast_GET_ITEM(seq, (*grid)[i])));
            rc[2 * rank] = i / cols;
            rc[2 * rank + 1] = i % cols;
            (*grid)[i] = rank++;
        }
    *height = rows;
    *width = cols;
    ok = 0;
done:
    Py_DECREF(seq);
    return ok;
}

/* The map of one turn (t, then the translation bringing the image's least row and column to
 * 0) as a list of the index of every cell's image, or None when it is no symmetry. rc: each
 * of the n cells' row and column, in reading order. */
static PyObject *
turn_map(const long *t, const Py_ssize_t *rc, Py_ssize_t n, const Py_ssize_t *grid,
         long height, long width)
{
    long r0 = LONG_MAX, c0 = LONG_MAX;
    for (Py_ssize_t i = 0; i < n; i++) {
        long r = (long)rc[2 * i], c = (long)rc[2 * i + 1];
        long ir = t[0] * r + t[1] * c, ic = t[2] * r + t[3] * c;
        r0 = ir < r0 ? ir : r0;
        c0 = ic < c0 ? ic : c0;
    }
    for (Py_ssize_t i = 0; i < n; i++) { /* first whether it is a symmetry at all */
        long r = (long)rc[2 * i], c = (long)rc[2 * i + 1];
        long ir = t[0] * r + t[1] * c - r0, ic = t[2] * r + t[3] * c - c0;
        if (ir >= height || ic >= width || grid[ir * width + ic] < 0) return Py_NewRef(Py_None);
    }
    PyObject *map = PyList_New(n);
    for (Py_ssize_t i = 0; map != NULL && i < n; i++) {
        long r = (long)rc[2 * i], c = (long)rc[2 * i + 1];
        PyObject *v = PyLong_FromSsize_t(grid[(t[0] * r + t[1] * c - r0) * width +
                                              t[2] * r + t[3] * c - c0]);
        if (v == NULL) Py_CLEAR(map);
        else PyList_SET_ITEM(map, i, v);
    }
    return map;
}

PyDoc_STRVAR(cell_maps_doc,
"cell_maps(cells, turns) -> (order, maps)\n\n"
"A figure's symmetries as orbit_count takes them: order, its cells ((row, column) tuples, the\n"
"least row and column 0) in reading order; maps, for each turn (a matrix ((a, b), (c, d)) of\n"
"small ints) that maps the cells onto themselves once followed by the translation bringing\n"
"its image's least row and column to 0, the index in order of every cell's image, in the\n"
"order of turns.");

static PyObject *
core_cell_maps(PyObject *module, PyObject *args)
{
    PyObject *cells, *turns_obj, *order = NULL, *maps = NULL;
    if (!PyArg_ParseTuple(args, "OO:cell_maps", &cells, &turns_obj)) return NULL;
    PyObject *turns = seq_of(turns_obj, "turns");
    if (turns == NULL) return NULL;
    long t[MAX_SYMMETRIES][4], height, width;
    Py_ssize_t nturn = PySequence_Fast_GET_SIZE(turns);
    PyObject *out = NULL;
    Py_ssize_t *grid = NULL;
    if (nturn > MAX_SYMMETRIES) {
        PyErr_Format(PyExc_ValueError, "at most %d turns, not %zd", MAX_SYMMETRIES, nturn);
        goto done;
    }
    for (Py_ssize_t g = 0; g < nturn; g++)
        if (read_turn(PySequence_Fast_GET_ITEM(turns, g), t[g])) goto done;
    if (grid_cells(cells, &height, &width, &grid, &order)) goto done;
    maps = PyList_New(0);
    for (Py_ssize_t g = 0; maps != NULL && g < nturn; g++) {
        Py_ssize_t n = PyList_GET_SIZE(order);
        PyObject *map = turn_map(t[g], grid + height * width, n, grid, height, width);
        if (map == NULL || (map != Py_None && PyList_Append(maps, map))) Py_CLEAR(maps);
        Py_XDECREF(map);
    }
    if (maps != NULL) out = PyTuple_Pack(2, order, maps);
done:
    PyMem_Free(grid);
    Py_XDECREF(order);
    Py_XDECREF(maps);
    Py_DECREF(turns);
    return out;
}

static PyMethodDef core_methods[] = {
    {"effort", core_effort, METH_VARARGS, effort_doc},
    {"first", core_first, METH_VARARGS, first_doc},
    {"count", core_count, METH_VARARGS, count_doc},
    {"count_first", core_count_first, METH_VARARGS, count_first_doc},
    {"area_table", core_area_table, METH_O, area_table_doc},
    {"analyze", core_analyze, METH_VARARGS, analyze_doc},
    {"kit", core_kit, METH_O, kit_doc},
    {"tile", core_tile, METH_VARARGS, tile_doc},
    {"orbit_count", core_orbit_count, METH_VARARGS, orbit_count_doc},
    {"cell_maps", core_cell_maps, METH_VARARGS, cell_maps_doc},
    {"fixed_counts", core_fixed_counts, METH_VARARGS, fixed_counts_doc},
    {"cells", core_cells, METH_VARARGS, cells_doc},
    {"placements", core_placements, METH_VARARGS, placements_doc},
    {NULL, NULL, 0, NULL},
};

static int
core_exec(PyObject *module)
{
#if defined(__GNUC__) && defined(__x86_64__)
    __builtin_cpu_init();
    has_popcnt = __builtin_cpu_supports("popcnt");
#endif
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
