/* A stand-in for Windows' bcryptprimitives.dll, for running the Windows build under Wine 8
 * (Debian 12) only: Rust's std imports ProcessPrng from it, and Wine 8 lacks the DLL.
 * Real Windows (10 and later) has it; this file is a test fixture and is never shipped.
 * Built by scripts/windows-check with:
 *   x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll windows-bcryptprimitives.c -lbcrypt
 */
#include <windows.h>
#include <bcrypt.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
    return BCryptGenRandom(NULL, data, (ULONG)len, BCRYPT_USE_SYSTEM_PREFERRED_RNG) == 0;
}
