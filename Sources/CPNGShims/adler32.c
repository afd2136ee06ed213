// Adler-32 of the PNG rows written here (see png_shim.c), the same value as zlib's adler32, 16 bytes
// a step with SSE2 where the target has it: zlib's own loop, one byte a step, took 7-9% of a frame
// with many drawn rows (a lower third over 1080p).
#include "CPNGShims.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum { kt_adler_base = 65521, kt_adler_nmax = 5552 };  // zlib's: the largest n with no 32-bit overflow

static void kt_adler_bytes(uint32_t *a, uint32_t *b, const uint8_t *bytes, size_t count) {
    for (size_t i = 0; i < count; i++) { *a += bytes[i]; *b += *a; }
}

uint32_t kt_adler32(uint32_t adler, const uint8_t *bytes, size_t count) {
    uint32_t a = adler & 0xffff, b = adler >> 16;
    while (count > 0) {
        size_t block = count < kt_adler_nmax ? count : kt_adler_nmax;
        size_t vector = 0;
#if defined(__SSE2__)
        // Per 16-byte chunk: a grows by the bytes' sum; b by 16·(a before the chunk) plus the bytes
        // weighted 16, 15, …, 1. Sums before the chunk add up in `before`, times 16 at the end.
        vector = block / 16 * 16;
        if (vector > 0) {
            const __m128i zero = _mm_setzero_si128();
            const __m128i high = _mm_setr_epi16(16, 15, 14, 13, 12, 11, 10, 9), low = _mm_setr_epi16(8, 7, 6, 5, 4, 3, 2, 1);
            __m128i sums = zero, before = zero, weighted = zero;
            for (size_t i = 0; i < vector; i += 16) {
                __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + i));
                before = _mm_add_epi32(before, sums);
                sums = _mm_add_epi32(sums, _mm_sad_epu8(chunk, zero));
                weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpacklo_epi8(chunk, zero), high));
                weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpackhi_epi8(chunk, zero), low));
            }
            uint32_t s[4], p[4], w[4];
            _mm_storeu_si128((__m128i *)s, sums);
            _mm_storeu_si128((__m128i *)p, before);
            _mm_storeu_si128((__m128i *)w, weighted);
            uint64_t chunkSum = (uint64_t)s[0] + s[2], beforeSum = (uint64_t)p[0] + p[2];
            uint64_t weightedSum = (uint64_t)w[0] + w[1] + w[2] + w[3];
            uint64_t newB = (uint64_t)b + (uint64_t)a * vector + 16 * beforeSum + weightedSum;
            a = (uint32_t)(((uint64_t)a + chunkSum) % kt_adler_base);
            b = (uint32_t)(newB % kt_adler_base);
        }
#endif
        kt_adler_bytes(&a, &b, bytes + vector, block - vector);
        a %= kt_adler_base; b %= kt_adler_base;
        bytes += block; count -= block;
    }
    return (b << 16) | a;
}
