/* The slot pipeline (cli_pipe.h): one mutex, two condition variables. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_pipe.h"

enum { FREE, READING, FILLED, WORKING, DONE };

typedef struct pipe_run_state {
    const pipe_ops *ops;
    pipe_slot *slots;
    size_t nslots;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    uint64_t next_read, next_work, next_sink;
    int stop; /* a failure or the end: no new slots */
    int reader_done;
    int source_status; /* first negative status of the source */
} pipe_run_state;

static pipe_slot *slot_of(pipe_run_state *r, uint64_t seq) {
    return &r->slots[seq % r->nslots];
}

/* The reader: fills slots in order; the byte read ahead after a full slot
 * tells whether it was the last one. */
static void *reader_main(void *arg) {
    pipe_run_state *r = arg;
    const pipe_ops *ops = r->ops;
    uint8_t carry = 0;
    int have_carry = 0;
    int old;
    pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
    for (;;) {
        pthread_mutex_lock(&r->lock);
        pipe_slot *s = slot_of(r, r->next_read);
        while (!r->stop && s->state != FREE)
            pthread_cond_wait(&r->changed, &r->lock);
        if (r->stop) {
            pthread_mutex_unlock(&r->lock);
            break;
        }
        s->state = READING;
        s->seq = r->next_read;
        pthread_mutex_unlock(&r->lock);

        size_t off = 0;
        long n = 0, status = 0;
        if (have_carry) s->in[off++] = carry, have_carry = 0;
        /* read() is where a stopped pipeline may cancel this thread */
        pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &old);
        n = ops->source(ops->ctx, s->in + off, ops->in_cap - off);
        int last = 0;
        if (n < 0) {
            status = n;
            last = 1;
        } else if (off + (size_t)n < ops->in_cap) {
            last = 1;
        } else {
            long ahead = ops->source(ops->ctx, &carry, 1);
            if (ahead < 0)
                status = ahead, last = 1;
            else if (ahead == 0)
                last = 1;
            else
                have_carry = 1;
        }
        pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);

        pthread_mutex_lock(&r->lock);
        s->inlen = off + (n > 0 ? (size_t)n : 0);
        s->last = last;
        s->status = (int)status;
        s->outlen = 0;
        s->state = FILLED;
        r->next_read++;
        if (status != 0 && r->source_status == 0)
            r->source_status = (int)status;
        if (last) r->reader_done = 1;
        pthread_cond_broadcast(&r->changed);
        pthread_mutex_unlock(&r->lock);
        if (last) break;
    }
    pthread_mutex_lock(&r->lock);
    r->reader_done = 1;
    pthread_cond_broadcast(&r->changed);
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

static void *worker_main(void *arg) {
    pipe_run_state *r = arg;
    const pipe_ops *ops = r->ops;
    for (;;) {
        pthread_mutex_lock(&r->lock);
        pipe_slot *s;
        /* another worker may take the slot while this one waits: look
         * again at every wake-up */
        while (s = slot_of(r, r->next_work),
               !r->stop && !(s->state == FILLED && s->seq == r->next_work) &&
                   !(r->reader_done && r->next_work >= r->next_read))
            pthread_cond_wait(&r->changed, &r->lock);
        if (r->stop || (r->reader_done && r->next_work >= r->next_read)) {
            pthread_mutex_unlock(&r->lock);
            return NULL;
        }
        s->state = WORKING;
        r->next_work++;
        pthread_mutex_unlock(&r->lock);

        if (s->status == 0) s->status = ops->work(ops->ctx, s);

        pthread_mutex_lock(&r->lock);
        s->state = DONE;
        pthread_cond_broadcast(&r->changed);
        pthread_mutex_unlock(&r->lock);
    }
}

typedef struct indexed_state {
    pthread_mutex_t lock;
    uint64_t n, next;
    uint64_t failed; /* the lowest failing index so far, or n */
    int status;      /* its status */
    int (*work)(void *ctx, uint64_t index, int worker);
    void *ctx;
} indexed_state;

typedef struct indexed_thread {
    indexed_state *state;
    int worker;
} indexed_thread;

static void *indexed_main(void *arg) {
    indexed_thread *t = arg;
    indexed_state *s = t->state;
    for (;;) {
        pthread_mutex_lock(&s->lock);
        uint64_t i = s->next;
        int go = i < s->n && i < s->failed;
        if (go) s->next++;
        pthread_mutex_unlock(&s->lock);
        if (!go) return NULL;
        int st = s->work(s->ctx, i, t->worker);
        if (st != 0) {
            pthread_mutex_lock(&s->lock);
            if (i < s->failed) s->failed = i, s->status = st;
            pthread_mutex_unlock(&s->lock);
        }
    }
}

int pipe_run_indexed(uint64_t n, int workers,
                     int (*work)(void *ctx, uint64_t index, int worker),
                     void *ctx) {
    indexed_state s = {.n = n, .failed = n, .work = work, .ctx = ctx};
    indexed_thread threads[8];
    pthread_t pool[8];
    if (workers < 1) workers = 1;
    if (workers > 8) workers = 8;
    pthread_mutex_init(&s.lock, NULL);
    int started = 1;
    for (int i = 0; i < workers; i++)
        threads[i] = (indexed_thread){&s, i};
    /* a thread that cannot start leaves its share to the others: the
     * calling thread alone finishes the job */
    while (started < workers &&
           pthread_create(&pool[started], NULL, indexed_main,
                          &threads[started]) == 0)
        started++;
    indexed_main(&threads[0]);
    for (int i = 1; i < started; i++)
        pthread_join(pool[i], NULL);
    pthread_mutex_destroy(&s.lock);
    return s.status;
}

int pipe_default_workers(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 8 ? 8 : (int)n;
}

int pipe_run(const pipe_ops *ops) {
    pipe_run_state r;
    memset(&r, 0, sizeof r);
    r.ops = ops;
    int workers = ops->work ? (ops->workers < 1 ? 1 : ops->workers) : 0;
    r.nslots = 2 * (size_t)workers + 3;
    r.slots = calloc(r.nslots, sizeof *r.slots);
    if (r.slots == NULL) return cli_error("out of memory");
    int status = 0;
    for (size_t i = 0; i < r.nslots && status == 0; i++) {
        r.slots[i].in = malloc(ops->in_cap);
        r.slots[i].out = ops->out_cap ? malloc(ops->out_cap) : NULL;
        if (r.slots[i].in == NULL || (ops->out_cap && !r.slots[i].out))
            status = cli_error("out of memory");
    }
    pthread_mutex_init(&r.lock, NULL);
    pthread_cond_init(&r.changed, NULL);
    pthread_t reader, pool[8];
    int started = 0, reader_started = 0;
    if (status == 0 && pthread_create(&reader, NULL, reader_main, &r) == 0)
        reader_started = 1;
    else if (status == 0)
        status = cli_error("cannot start a thread");
    for (int i = 0; status == 0 && i < workers; i++) {
        if (pthread_create(&pool[i], NULL, worker_main, &r) != 0) {
            status = cli_error("cannot start a thread");
            break;
        }
        started++;
    }
    /* the sink: slots in order, as they are done */
    while (status == 0) {
        pthread_mutex_lock(&r.lock);
        pipe_slot *s = slot_of(&r, r.next_sink);
        int want = workers ? DONE : FILLED;
        while (!(s->state == want && s->seq == r.next_sink))
            pthread_cond_wait(&r.changed, &r.lock);
        pthread_mutex_unlock(&r.lock);

        int st = ops->sink(ops->ctx, s);
        if (st == 0) st = s->status;
        int last = s->last;
        pthread_mutex_lock(&r.lock);
        if (ops->wipe) {
            hush_wipe(s->in, s->inlen);
            if (s->out) hush_wipe(s->out, s->outlen);
        }
        s->state = FREE;
        r.next_sink++;
        if (st != 0 || last) r.stop = 1;
        pthread_cond_broadcast(&r.changed);
        pthread_mutex_unlock(&r.lock);
        if (st != 0) status = st;
        if (last) break;
    }
    pthread_mutex_lock(&r.lock);
    r.stop = 1;
    pthread_cond_broadcast(&r.changed);
    pthread_mutex_unlock(&r.lock);
    for (int i = 0; i < started; i++)
        pthread_join(pool[i], NULL);
    if (reader_started) {
        /* a reader blocked on a terminal or a pipe would never see stop */
        pthread_mutex_lock(&r.lock);
        int done = r.reader_done;
        pthread_mutex_unlock(&r.lock);
        if (!done) pthread_cancel(reader);
        pthread_join(reader, NULL);
    }
    for (size_t i = 0; i < r.nslots; i++) {
        if (ops->wipe) {
            if (r.slots[i].in) hush_wipe(r.slots[i].in, ops->in_cap);
            if (r.slots[i].out) hush_wipe(r.slots[i].out, ops->out_cap);
        }
        free(r.slots[i].in);
        free(r.slots[i].out);
    }
    free(r.slots);
    pthread_cond_destroy(&r.changed);
    pthread_mutex_destroy(&r.lock);
    return status;
}
