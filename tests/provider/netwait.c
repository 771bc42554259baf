/*
 * A helper of the interop test (check_interop.sh), loopback only:
 *   netwait free               prints a TCP port on 127.0.0.1 free just now
 *                              (the kernel's choice for a bind to port 0)
 *   netwait wait PORT SECONDS  waits until 127.0.0.1:PORT accepts a
 *                              connection: exit 0, or 1 after SECONDS
 * A port can be taken between "free" and its use; the script retries then.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static struct sockaddr_in loopback(unsigned port) {
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((unsigned short)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return a;
}

static int free_port(void) {
    int s = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = loopback(0);
    socklen_t len = sizeof a;
    if (s < 0 || bind(s, (struct sockaddr *)&a, sizeof a) != 0 ||
        getsockname(s, (struct sockaddr *)&a, &len) != 0) {
        perror("netwait free");
        return 1;
    }
    printf("%u\n", ntohs(a.sin_port));
    close(s);
    return 0;
}

static int wait_port(unsigned port, double seconds) {
    struct timespec start, now, pause = {0, 50 * 1000 * 1000};
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        int s = socket(AF_INET, SOCK_STREAM, 0);
        struct sockaddr_in a = loopback(port);
        int ok = s >= 0 && connect(s, (struct sockaddr *)&a, sizeof a) == 0;
        if (s >= 0) close(s);
        if (ok) return 0;
        clock_gettime(CLOCK_MONOTONIC, &now);
        if ((double)(now.tv_sec - start.tv_sec) +
                (double)(now.tv_nsec - start.tv_nsec) / 1e9 >
            seconds)
            return 1;
        nanosleep(&pause, NULL);
    }
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "free") == 0) return free_port();
    if (argc == 4 && strcmp(argv[1], "wait") == 0) {
        char *end1, *end2;
        unsigned long port = strtoul(argv[2], &end1, 10);
        double seconds = strtod(argv[3], &end2);
        if (*argv[2] && !*end1 && port <= 65535 && *argv[3] && !*end2)
            return wait_port((unsigned)port, seconds);
    }
    fprintf(stderr, "usage: netwait free | netwait wait PORT SECONDS\n");
    return 2;
}
