/* SPDX-License-Identifier: MIT */
/* wrap.c: a stream that wraps long lines at spaces (wrap.h). */
#define _GNU_SOURCE /* fopencookie */

#include "wrap.h"

#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* The word being written: kept until a space, a line end or the end of a
 * write says where it ends, so that it goes on one line whole. */
#define WORD_MAX 256

typedef struct wrapper {
    FILE *out;
    int fd;        /* the terminal, asked for its width at each write */
    size_t column; /* visible characters on the current line */
    int pending;   /* a space written, not yet sent (it may become a line end) */
    char word[WORD_MAX];
    size_t length;  /* bytes of word */
    size_t visible; /* columns of word (escape sequences and UTF-8 tails take none) */
    int in_escape;  /* inside an ESC [ ... sequence */
} wrapper;

static size_t terminal_width(int fd)
{
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col >= 10)
        return size.ws_col;
    return 0; /* unknown: no wrapping */
}

/* Sends the word, on a new line if it would not fit on this one. */
static void send_word(wrapper *w, size_t width)
{
    if (w->pending) {
        if (width && w->column + 1 + w->visible > width && w->visible) {
            fputc('\n', w->out);
            w->column = 0;
        } else {
            fputc(' ', w->out);
            w->column++;
        }
        w->pending = 0;
    }
    fwrite(w->word, 1, w->length, w->out);
    w->column += w->visible;
    w->length = w->visible = 0;
}

static void take(wrapper *w, char c, size_t width)
{
    if (w->in_escape) {
        w->word[w->length++] = c;
        w->in_escape = !((c >= '@' && c <= '~') && c != '[');
    } else if (c == '\033') {
        w->word[w->length++] = c;
        w->in_escape = 1;
    } else if (c == ' ' && w->length == 0 && w->pending) {
        fputc(' ', w->out); /* a run of spaces (the board's columns) stays as it is */
        w->column++;
    } else if (c == ' ') {
        send_word(w, width);
        w->pending = 1;
    } else if (c == '\n' || c == '\r') {
        send_word(w, width);
        if (w->pending)
            fputc(' ', w->out);
        w->pending = 0;
        fputc(c, w->out);
        w->column = 0;
    } else {
        w->word[w->length++] = c;
        if (((unsigned char)c & 0xC0) != 0x80)
            w->visible++;
    }
    if (w->length == WORD_MAX) /* a word longer than any line: let it be cut */
        send_word(w, 0);
}

static ssize_t wrap_write(void *cookie, const char *data, size_t size)
{
    wrapper *w = cookie;
    size_t width = terminal_width(w->fd);
    for (size_t i = 0; i < size; i++)
        take(w, data[i], width);
    if (!w->in_escape)
        send_word(w, width); /* a prompt is shown now, not at the next space */
    if (w->pending && !w->in_escape) {
        fputc(' ', w->out);
        w->column++;
        w->pending = 0;
    }
    fflush(w->out);
    return (ssize_t)size;
}

static int wrap_close(void *cookie)
{
    wrapper *w = cookie;
    fwrite(w->word, 1, w->length, w->out);
    fflush(w->out);
    free(w);
    return 0;
}

FILE *wrap_open(FILE *out, int fd)
{
    wrapper *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->out = out;
    w->fd = fd;
    cookie_io_functions_t io = {NULL, wrap_write, NULL, wrap_close};
    FILE *wrapped = fopencookie(w, "w", io);
    if (!wrapped) {
        free(w);
        return NULL;
    }
    setvbuf(wrapped, NULL, _IOLBF, 0);
    return wrapped;
}
