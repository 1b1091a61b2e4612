// FFmpeg's libraries (Debian libavformat-dev, libavcodec-dev, libavutil-dev,
// libswresample-dev) for the single-file audiobook, plus the few macros Swift
// cannot import, as inline functions.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/error.h>
#include <libavutil/opt.h>
#include <libavutil/audio_fifo.h>
#include <libavutil/dict.h>
#include <libswresample/swresample.h>

/// AVERROR(EAGAIN): the codec wants more input or output first.
static inline int fr_averror_again(void) { return AVERROR(EAGAIN); }
/// AVERROR_EOF: the end of the stream.
static inline int fr_averror_eof(void) { return AVERROR_EOF; }
/// AVERROR_ENCODER_NOT_FOUND: what FFmpeg says of an encoder it does not have.
static inline int fr_averror_encoder_not_found(void) { return AVERROR_ENCODER_NOT_FOUND; }
/// -errno as FFmpeg returns it, e.g. for ENOSPC.
static inline int fr_averror(int posix) { return AVERROR(posix); }
/// av_err2str without the compound literal.
static inline void fr_strerror(int code, char *buffer, size_t size) { av_strerror(code, buffer, size); }
/// AV_NOPTS_VALUE.
static inline int64_t fr_nopts(void) { return AV_NOPTS_VALUE; }
