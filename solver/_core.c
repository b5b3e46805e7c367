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
    Slot slots[MAX_PIECES];
    Py_ssize_t nslots;
    board_t *oriented;
    uint64_t goal;
    PyObject *tick;       /* None or a callable(nodes) */
    long long every;      /* nodes between two calls of tick */
    long long countdown;  /* nodes left until the next call */
    long long nodes;      /* nodes searched up to the last call */
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
    if (every < 1) {
        PyErr_SetString(PyExc_ValueError, "every must be at least 1");
        goto fail;
    }
    s->tick = tick;
    s->every = s->countdown = every;
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
visit(Search *s)
{
    if (--s->countdown) return 0;
    s->countdown = s->every;
    s->nodes += s->every;
    if (PyErr_CheckSignals()) return -1;
    if (s->tick == Py_None) return 0;
    PyObject *r = PyObject_CallFunction(s->tick, "L", s->nodes);
    if (r == NULL) return -1;
    Py_DECREF(r);
    return 0;
}

/* 1 when a tiling of rem with the free pieces was found (and recorded), 0 if none, -1 on error. */
static int
first_rec(Search *s, board_t rem, uint64_t used)
{
    if (visit(s)) return -1;
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
    if (visit(s)) return -1;
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

static PyMethodDef core_methods[] = {
    {"first", core_first, METH_VARARGS, first_doc},
    {"count", core_count, METH_VARARGS, count_doc},
    {"count_first", core_count_first, METH_VARARGS, count_first_doc},
    {NULL, NULL, 0, NULL},
};

static int
core_exec(PyObject *module)
{
    if (PyModule_AddIntConstant(module, "BITS", BOARD_BITS)) return -1;
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
