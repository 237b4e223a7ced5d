# Sourced by ./mpish and ./run-tests: picks a JDK 25 or later. JAVA_HOME wins when it is one; otherwise the
# first suitable JDK under /usr/lib/jvm. Sets JAVA_HOME or fails with a message.
jdk_ok() {
    [ -x "$1/bin/java" ] && [ -x "$1/bin/javac" ] || return 1
    v=$("$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
    [ -n "$v" ] && [ "${v%%.*}" -ge 25 ] 2>/dev/null
}
find_jdk() {
    if [ -n "$JAVA_HOME" ] && jdk_ok "$JAVA_HOME"; then echo "$JAVA_HOME"; return 0; fi
    for d in /usr/lib/jvm/*; do
        if jdk_ok "$d"; then echo "$d"; return 0; fi
    done
    return 1
}
use_jdk() { # $1 = cache file remembering the last choice (skips probing on every start)
    if [ -f "$1" ] && JDK=$(cat "$1") && [ -x "$JDK/bin/java" ] && { [ -z "$JAVA_HOME" ] || [ "$JAVA_HOME" = "$JDK" ]; }; then :; else
        JDK=$(find_jdk) || { echo "mpish: needs a JDK 25 or later (set JAVA_HOME, or install one under /usr/lib/jvm)" >&2; exit 2; }
        mkdir -p "$(dirname "$1")" && echo "$JDK" > "$1"
    fi
    JAVA_HOME="$JDK"
    export JAVA_HOME
}
