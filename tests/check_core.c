/* check_core.c - unit tests for src/core: rng, atomic files, clocks,
 * messages.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <check.h>
#include <dirent.h>
#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/atomicfile.h"
#include "core/datapath.h"
#include "core/message.h"
#include "core/rng.h"
#include "core/timing.h"

/* ---- rng ---------------------------------------------------------------- */

START_TEST(test_rng_deterministic)
{
    struct rng a, b, c;
    rng_seed(&a, 42);
    rng_seed(&b, 42);
    rng_seed(&c, 43);
    int same_as_c = 0;
    for (int i = 0; i < 1000; i++) {
        uint64_t x = rng_next(&a);
        ck_assert_uint_eq(x, rng_next(&b));
        same_as_c += x == rng_next(&c);
    }
    ck_assert_int_eq(same_as_c, 0);
}
END_TEST

START_TEST(test_rng_known_values)
{
    /* splitmix64 from seed 0: reference values of Vigna's splitmix64.c. */
    struct rng r;
    rng_seed(&r, 0);
    ck_assert_uint_eq(rng_next(&r), UINT64_C(0xE220A8397B1DCDAF));
    ck_assert_uint_eq(rng_next(&r), UINT64_C(0x6E789E6AA1B965F4));
    ck_assert_uint_eq(rng_next(&r), UINT64_C(0x06C45D188009454F));
}
END_TEST

START_TEST(test_rng_uniform_range)
{
    struct rng r;
    rng_seed(&r, 7);
    double sum = 0.0;
    for (int i = 0; i < 100000; i++) {
        double u = rng_uniform(&r);
        ck_assert(u >= 0.0 && u < 1.0);
        sum += u;
    }
    ck_assert_double_eq_tol(sum / 100000.0, 0.5, 0.01);
}
END_TEST

START_TEST(test_rng_below)
{
    struct rng r;
    rng_seed(&r, 12345);
    enum { N = 6, DRAWS = 60000 };
    int count[N] = {0};
    for (int i = 0; i < DRAWS; i++) {
        uint32_t x = rng_below(&r, N);
        ck_assert_uint_lt(x, N);
        count[x]++;
    }
    for (int i = 0; i < N; i++)
        ck_assert_int_gt(count[i], DRAWS / N * 9 / 10);

    for (int i = 0; i < 100; i++)
        ck_assert_uint_eq(rng_below(&r, 1), 0);
    ck_assert_uint_eq(rng_below(&r, 0), 0);
    /* Near 2^32 rejection matters most; results must stay in range. */
    for (int i = 0; i < 1000; i++)
        ck_assert_uint_lt(rng_below(&r, UINT32_C(0x80000001)), UINT32_C(0x80000001));
}
END_TEST

/* ---- atomic files ------------------------------------------------------- */

/* A fresh directory per test, removed (with its files) in teardown. */
static char tmp_dir[256];

static void tmp_dir_setup(void)
{
    const char *base = getenv("TMPDIR");
    snprintf(tmp_dir, sizeof tmp_dir, "%s/check_core.XXXXXX",
             base != NULL && *base != '\0' ? base : "/tmp");
    ck_assert_ptr_nonnull(mkdtemp(tmp_dir));
}

static int count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

static void tmp_dir_teardown(void)
{
    DIR *d = opendir(tmp_dir);
    if (d != NULL) {
        for (struct dirent *e; (e = readdir(d)) != NULL;) {
            char p[512];
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            snprintf(p, sizeof p, "%s/%s", tmp_dir, e->d_name);
            if (unlink(p) != 0)
                rmdir(p);
        }
        closedir(d);
    }
    rmdir(tmp_dir);
}

static void write_file(const char *path, const char *text)
{
    FILE *fp = fopen(path, "w");
    ck_assert_ptr_nonnull(fp);
    fputs(text, fp);
    ck_assert_int_eq(fclose(fp), 0);
}

static void assert_file_is(const char *path, const char *text)
{
    char buf[256] = "";
    FILE *fp = fopen(path, "r");
    ck_assert_ptr_nonnull(fp);
    size_t n = fread(buf, 1, sizeof buf - 1, fp);
    buf[n] = '\0';
    fclose(fp);
    ck_assert_str_eq(buf, text);
}

START_TEST(test_atomic_commit_replaces)
{
    char path[512];
    snprintf(path, sizeof path, "%s/file.txt", tmp_dir);
    write_file(path, "old\n");
    chmod(path, 0640);

    struct atomic_file af;
    FILE *fp = atomic_file_open(&af, path, "w");
    ck_assert_ptr_nonnull(fp);
    ck_assert_ptr_eq(fp, af.fp);
    fputs("new\n", fp);
    fflush(fp);
    assert_file_is(path, "old\n"); /* nothing visible before the commit */
    ck_assert_int_eq(count_entries(tmp_dir), 2);

    ck_assert_int_eq(atomic_file_commit(&af), 0);
    assert_file_is(path, "new\n");
    ck_assert_int_eq(count_entries(tmp_dir), 1); /* temporary file gone */
    ck_assert_ptr_null(af.fp);
    ck_assert_ptr_null(af.tmp_path);

    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0640); /* permissions kept */
}
END_TEST

START_TEST(test_atomic_commit_creates)
{
    char path[512];
    snprintf(path, sizeof path, "%s/new.bin", tmp_dir);
    struct atomic_file af;
    ck_assert_ptr_nonnull(atomic_file_open(&af, path, "wb"));
    fputs("data", af.fp);
    ck_assert_int_eq(atomic_file_commit(&af), 0);
    assert_file_is(path, "data");
    ck_assert_int_eq(count_entries(tmp_dir), 1);
}
END_TEST

START_TEST(test_atomic_abort)
{
    char path[512];
    snprintf(path, sizeof path, "%s/file.txt", tmp_dir);
    write_file(path, "keep\n");

    struct atomic_file af;
    ck_assert_ptr_nonnull(atomic_file_open(&af, path, "w"));
    fputs("discard\n", af.fp);
    atomic_file_abort(&af);
    assert_file_is(path, "keep\n");
    ck_assert_int_eq(count_entries(tmp_dir), 1);
    atomic_file_abort(&af); /* a second abort is harmless */
}
END_TEST

START_TEST(test_atomic_missing_directory)
{
    char path[512];
    snprintf(path, sizeof path, "%s/no/such/dir/file.txt", tmp_dir);
    struct atomic_file af;
    errno = 0;
    ck_assert_ptr_null(atomic_file_open(&af, path, "w"));
    ck_assert_int_eq(errno, ENOENT);
    ck_assert_ptr_null(af.fp);
    ck_assert_ptr_null(af.path);
    ck_assert_ptr_null(af.tmp_path);
    atomic_file_abort(&af);
    ck_assert_int_eq(count_entries(tmp_dir), 0);
}
END_TEST

START_TEST(test_atomic_commit_failure)
{
    /* rename() of a file onto a non-empty directory fails: the commit must
     * report it, keep errno, and remove the temporary file. */
    char path[512], inner[600];
    snprintf(path, sizeof path, "%s/target", tmp_dir);
    struct atomic_file af;
    ck_assert_ptr_nonnull(atomic_file_open(&af, path, "w"));
    fputs("x", af.fp);
    ck_assert_int_eq(mkdir(path, 0700), 0);
    snprintf(inner, sizeof inner, "%s/inner", path);
    write_file(inner, "");

    errno = 0;
    ck_assert_int_eq(atomic_file_commit(&af), -1);
    ck_assert_int_ne(errno, 0);
    ck_assert_int_eq(count_entries(tmp_dir), 1); /* only the directory */
    ck_assert_ptr_null(af.tmp_path);
    unlink(inner);
}
END_TEST

/* ---- timing ------------------------------------------------------------- */

/* A leading "~" is the home directory, as in a shell (issue 33: "save
 * ~/rep.pgn" was taken as a folder named "~"). */
START_TEST(test_expand_home)
{
    char buf[256], small[8];
    setenv("HOME", "/home/ann", 1);
    ck_assert_str_eq(datapath_expand_home("~/rep.pgn", buf, sizeof buf), "/home/ann/rep.pgn");
    ck_assert_str_eq(datapath_expand_home("~", buf, sizeof buf), "/home/ann");
    const struct passwd *root = getpwnam("root");
    if (root) {
        char want[256];
        snprintf(want, sizeof want, "%s/x", root->pw_dir);
        ck_assert_str_eq(datapath_expand_home("~root/x", buf, sizeof buf), want);
    }
    /* Anything else is left alone: no leading "~", no such user, too long. */
    ck_assert_str_eq(datapath_expand_home("a/~/b", buf, sizeof buf), "a/~/b");
    ck_assert_str_eq(datapath_expand_home("rep~.pgn", buf, sizeof buf), "rep~.pgn");
    ck_assert_str_eq(datapath_expand_home("~no-such-user-x/a", buf, sizeof buf),
                     "~no-such-user-x/a");
    ck_assert_str_eq(datapath_expand_home("~/rep.pgn", small, sizeof small), "~/rep.pgn");
    ck_assert_ptr_null(datapath_expand_home(NULL, buf, sizeof buf));
    /* An empty $HOME is no home: the password database's is used. */
    setenv("HOME", "", 1);
    ck_assert(datapath_expand_home("~/x", buf, sizeof buf)[0] == '/');
}
END_TEST

START_TEST(test_timing_monotonic)
{
    /* m0 before w0 and m1 after w1: a preemption between the two reads
     * (a loaded machine) can only widen the millisecond interval. */
    uint64_t m0 = time_wall_ms();
    double w0 = time_wall(), c0 = time_cpu();
    volatile uint64_t sink = 0;
    double w1;
    do {
        for (int i = 0; i < 100000; i++)
            sink += (uint64_t)i * 2654435761u;
        w1 = time_wall();
        ck_assert(w1 >= w0);
    } while (w1 - w0 < 0.05);
    double c1 = time_cpu();
    uint64_t m1 = time_wall_ms();

    ck_assert(c1 > c0);
    ck_assert_uint_ge(m1, m0 + 40);
    ck_assert_double_le(w1 - w0, 10.0);
    ck_assert_double_eq_tol((double)time_wall_ms() / 1000.0, time_wall(), 0.1);
}
END_TEST

/* ---- messages ----------------------------------------------------------- */

START_TEST(test_xalloc)
{
    char *s = xstrdup("tdchess");
    ck_assert_str_eq(s, "tdchess");
    s = xrealloc(s, 100);
    ck_assert_str_eq(s, "tdchess");
    free(s);
    int *z = xcalloc(10, sizeof *z);
    for (int i = 0; i < 10; i++)
        ck_assert_int_eq(z[i], 0);
    free(z);
    free(xmalloc(0));
}
END_TEST

START_TEST(test_program_name)
{
    msg_set_program_name("/usr/games/tdchess-test");
    ck_assert_str_eq(msg_program_name(), "tdchess-test");
    msg_set_program_name("tdchess");
    ck_assert_str_eq(msg_program_name(), "tdchess");
}
END_TEST

START_TEST(test_fatal_exits)
{
    msg_set_program_name("check_core");
    msg_fatal(3, "expected fatal error (%d)", 3);
}
END_TEST

/* Runs CHILD in a forked process with stdout on /dev/full and stderr in a
 * file; returns its exit status and what it wrote to stderr. */
static int run_with_full_stdout(void (*child)(void), char *err, size_t err_size)
{
    char err_path[512];
    snprintf(err_path, sizeof err_path, "%s/stderr", tmp_dir);
    fflush(NULL);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        int out = open("/dev/full", O_WRONLY);
        int errfd = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (out < 0 || errfd < 0 || dup2(out, 1) < 0 || dup2(errfd, 2) < 0)
            _exit(99);
        child();
        exit(EXIT_SUCCESS);
    }
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert(WIFEXITED(status));

    FILE *fp = fopen(err_path, "r");
    ck_assert_ptr_nonnull(fp);
    size_t n = fread(err, 1, err_size - 1, fp);
    err[n] = '\0';
    fclose(fp);
    return WEXITSTATUS(status);
}

static void child_writes(void)
{
    msg_set_program_name("tdchess");
    msg_close_stdout_at_exit();
    puts("this line cannot be written");
}

static void child_silent(void)
{
    msg_close_stdout_at_exit();
}

START_TEST(test_close_stdout_reports_write_error)
{
    if (access("/dev/full", W_OK) != 0)
        return; /* not Linux-like: nothing to test */
    char err[512];
    ck_assert_int_eq(run_with_full_stdout(child_writes, err, sizeof err), EXIT_FAILURE);
    ck_assert_msg(strncmp(err, "tdchess: ", 9) == 0 && strstr(err, "write error") != NULL,
                  "unexpected stderr: \"%s\"", err);
    ck_assert_int_eq(run_with_full_stdout(child_silent, err, sizeof err), EXIT_SUCCESS);
    ck_assert_str_eq(err, "");
}
END_TEST

static Suite *core_suite(void)
{
    Suite *s = suite_create("core");

    TCase *tc = tcase_create("rng");
    tcase_add_test(tc, test_rng_deterministic);
    tcase_add_test(tc, test_rng_known_values);
    tcase_add_test(tc, test_rng_uniform_range);
    tcase_add_test(tc, test_rng_below);
    suite_add_tcase(s, tc);

    tc = tcase_create("atomicfile");
    tcase_add_checked_fixture(tc, tmp_dir_setup, tmp_dir_teardown);
    tcase_add_test(tc, test_atomic_commit_replaces);
    tcase_add_test(tc, test_atomic_commit_creates);
    tcase_add_test(tc, test_atomic_abort);
    tcase_add_test(tc, test_atomic_missing_directory);
    tcase_add_test(tc, test_atomic_commit_failure);
    suite_add_tcase(s, tc);

    tc = tcase_create("timing");
    tcase_add_test(tc, test_timing_monotonic);
    suite_add_tcase(s, tc);

    tc = tcase_create("datapath");
    tcase_add_test(tc, test_expand_home);
    suite_add_tcase(s, tc);

    tc = tcase_create("message");
    tcase_add_checked_fixture(tc, tmp_dir_setup, tmp_dir_teardown);
    tcase_add_test(tc, test_xalloc);
    tcase_add_test(tc, test_program_name);
    tcase_add_test(tc, test_close_stdout_reports_write_error);
    suite_add_tcase(s, tc);

    /* Without the fixture: the test exits, so a teardown would never run
     * and its directory would stay behind in /tmp. */
    tc = tcase_create("fatal");
    tcase_add_exit_test(tc, test_fatal_exits, 3);
    suite_add_tcase(s, tc);

    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(core_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
