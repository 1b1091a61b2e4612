// EPUBCheck for many files in one JVM (issue 25): the tests' EPUBCheckRun starts
// it once per test process and sends it one request a line,
//     EPUB-PATH <TAB> JSON-REPORT-PATH
// and for each it runs EPUBCheck's own command-line tool (the jar's
// com.adobe.epubcheck.tool.EpubChecker, as `java -jar epubcheck.jar EPUB --json
// REPORT` runs it) and answers one line,
//     STATUS <TAB> BASE64 OF WHAT THE TOOL PRINTED (stdout and stderr)
// A separate JVM per file spent most of its CPU starting up, loading and compiling
// EPUBCheck's schemas; here that happens once. Each check runs in a thread with a
// 1 GB stack, as the JVM's -Xss1g gives a separate run: EPUBCheck 4.2 checks the
// reading order of media-overlay references recursively.
//
// Run with: java -cp /usr/share/java/epubcheck.jar Tests/Checkers/EPUBCheckServer.java
import com.adobe.epubcheck.tool.EpubChecker;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

public class EPUBCheckServer {
    public static void main(String[] arguments) throws Exception {
        PrintStream answers = System.out;
        BufferedReader requests = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String request;
        while ((request = requests.readLine()) != null) {
            String[] fields = request.split("\t", -1);
            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            PrintStream capture = new PrintStream(printed, true, StandardCharsets.UTF_8);
            int[] status = { -1 };
            System.setOut(capture);
            System.setErr(capture);
            try {
                if (fields.length != 2) throw new IllegalArgumentException("bad request: " + request);
                Thread check = new Thread(null, () -> {
                    try {
                        status[0] = new EpubChecker().run(new String[] { fields[0], "--json", fields[1] });
                    } catch (Throwable error) {
                        error.printStackTrace(capture);
                    }
                }, "epubcheck", 1L << 30);
                check.start();
                check.join();
            } catch (Throwable error) {
                error.printStackTrace(capture);
            } finally {
                System.setOut(answers);
                System.setErr(answers);
            }
            capture.flush();
            answers.println(status[0] + "\t" + Base64.getEncoder().encodeToString(printed.toByteArray()));
            answers.flush();
        }
    }
}
