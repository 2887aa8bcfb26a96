/* atomicfile.c - replace a file all at once or not at all.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/atomicfile.h"
#include "core/message.h"

static void reset(struct atomic_file *af)
{
    free(af->path);
    free(af->tmp_path);
    af->fp = NULL;
    af->path = NULL;
    af->tmp_path = NULL;
}

/* The mode a new file would get from fopen(): 0666 less the umask.  umask()
 * can only be read by setting it, so set it straight back. */
static mode_t default_file_mode(void)
{
    mode_t mask = umask(022);
    umask(mask);
    return 0666 & ~mask;
}

FILE *atomic_file_open(struct atomic_file *af, const char *path, const char *mode)
{
    static const char suffix[] = ".XXXXXX";
    size_t len = strlen(path);

    af->fp = NULL;
    af->path = xstrdup(path);
    af->tmp_path = xmalloc(len + sizeof suffix);
    memcpy(af->tmp_path, path, len);
    memcpy(af->tmp_path + len, suffix, sizeof suffix);

    int fd = mkstemp(af->tmp_path);
    if (fd < 0) {
        int err = errno;
        reset(af);
        errno = err;
        return NULL;
    }

    struct stat st;
    mode_t perm = stat(path, &st) == 0 ? st.st_mode & 07777 : default_file_mode();
    af->fp = fchmod(fd, perm) == 0 ? fdopen(fd, mode) : NULL;
    if (af->fp == NULL) {
        int err = errno;
        close(fd);
        unlink(af->tmp_path);
        reset(af);
        errno = err;
        return NULL;
    }
    return af->fp;
}

/* Makes the rename itself durable; failure only weakens crash safety. */
static void sync_directory_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir;
    if (slash == NULL) {
        dir = xstrdup(".");
    } else {
        size_t len = slash == path ? 1 : (size_t)(slash - path);
        dir = xmalloc(len + 1);
        memcpy(dir, path, len);
        dir[len] = '\0';
    }
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(dir);
}

int atomic_file_commit(struct atomic_file *af)
{
    if (af->fp == NULL) {
        reset(af);
        errno = EBADF;
        return -1;
    }

    int err = 0;
    if (fflush(af->fp) != 0 || fsync(fileno(af->fp)) != 0)
        err = errno;
    if (fclose(af->fp) != 0 && err == 0)
        err = errno;
    af->fp = NULL;
    if (err == 0 && rename(af->tmp_path, af->path) != 0)
        err = errno;

    if (err != 0) {
        unlink(af->tmp_path);
        reset(af);
        errno = err;
        return -1;
    }
    sync_directory_of(af->path);
    reset(af);
    return 0;
}

void atomic_file_abort(struct atomic_file *af)
{
    int err = errno;
    if (af->fp != NULL)
        fclose(af->fp);
    if (af->tmp_path != NULL)
        unlink(af->tmp_path);
    reset(af);
    errno = err;
}

bool atomic_file_write(const char *path, const char *mode, bool (*write)(FILE *out, void *data),
                       void *data, char *err, size_t errlen)
{
    struct atomic_file af = {0};
    FILE *out = atomic_file_open(&af, path, mode);
    if (out == NULL)
        return msg_fail(err, errlen, "%s: %s", path, strerror(errno));
    if (!write(out, data)) {
        int e = errno;
        atomic_file_abort(&af);
        return msg_fail(err, errlen, "%s: %s", path, strerror(e));
    }
    if (atomic_file_commit(&af) != 0)
        return msg_fail(err, errlen, "%s: %s", path, strerror(errno));
    return true;
}
