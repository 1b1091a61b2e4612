// Does eSpeak NG's state carry from one synthesis to the next, and does
// terminating and initializing it again reset it? (docs/performance.md, issue 24:
// why each job of a worker runs in a fresh fork of one initialized engine.)
//
//   gcc -O1 scripts/espeak-state.c -o /tmp/espeak-state $(pkg-config --cflags --libs espeak-ng)
//   for mode in fresh after reinit; do PULSE_SERVER=unix:/dev/null/x /tmp/espeak-state $mode; done
//
// Prints the sample count and a hash of sentence B spoken first in a process
// (fresh), after sentence A (after), and after A then espeak_ng_Terminate and a
// new initialization (reinit). With eSpeak NG 1.51 at 708 wpm, `after` and
// `reinit` agree with each other and differ from `fresh`.
#include <espeak-ng/espeak_ng.h>
#include <espeak-ng/speak_lib.h>
#include <stdio.h>
#include <string.h>

static unsigned long hash;
static long count;

static int collect(short *wav, int samples, espeak_EVENT *events) {
    (void)events;
    for (int i = 0; i < samples; i++) hash = hash * 31 + (unsigned short)wav[i];
    count += samples;
    return 0;
}

static void initialize(void) {
    espeak_ng_InitializePath(NULL);
    espeak_ng_Initialize(NULL);
    espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, NULL);
    espeak_SetSynthCallback(collect);
    espeak_ng_SetVoiceByName("en-gb");
    espeak_ng_SetParameter(espeakRATE, 708, 0);
}

static void say(const char *text) {
    hash = 0;
    count = 0;
    espeak_ng_Synthesize(text, strlen(text) + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8, NULL, NULL);
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "after";
    initialize();
    if (strcmp(mode, "fresh") != 0) {
        say("It was the best of times, it was the worst of times, it was the age of wisdom.");
        if (strcmp(mode, "reinit") == 0) {
            espeak_ng_Terminate();
            initialize();
        }
    }
    say("Call me Ishmael. Some years ago, never mind how long precisely, having little money.");
    printf("%-6s sentence B: %ld samples, hash %lx\n", mode, count, hash);
    return 0;
}
