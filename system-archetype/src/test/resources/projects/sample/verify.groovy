// After "mvn verify" of the project generated from the archetype (projectDir): its tests ran and passed, its JAR
// is a rules system ready to drop in, and the guide's code is this project's code.
import java.util.jar.JarFile

File project = context.projectDir as File

// 1. Tests ran: more than zero, none failing or in error (Surefire also fails a run of no test).
File reports = new File(project, 'target/surefire-reports')
assert reports.isDirectory() : "no Surefire reports in ${reports}: no test ran"
int tests = 0
int failed = 0
reports.eachFileMatch(~/TEST-.*\.xml/) { File report ->
    def suite = report.getText('UTF-8') =~ /<testsuite\b[^>]*>/
    assert suite.find() : "not a Surefire report: ${report}"
    String head = suite.group()
    def count = { String name ->
        def attribute = head =~ /\b${name}="(\d+)"/
        attribute.find() ? attribute.group(1) as int : 0
    }
    tests += count('tests')
    failed += count('failures') + count('errors')
}
assert tests > 0 : 'the generated project ran no test'
assert failed == 0 : "${failed} tests of the generated project failed"
println "Generated project: ${tests} tests ran, none failed"

// 2. The JAR: the system and its service file, without the API (the server has the one copy).
def pom = new File(project, 'pom.xml').getText('UTF-8')
String artifactId = (pom =~ /(?s)<\/parent>.*?<artifactId>([^<]+)<\/artifactId>/)[0][1]
String version = (pom =~ /(?s)<\/parent>.*?<version>([^<]+)<\/version>/)[0][1]
String apiVersion = (pom =~ /(?s)<parent>.*?<version>([^<]+)<\/version>/)[0][1]
File jar = new File(project, "target/${artifactId}-${version}.jar")
assert jar.isFile() : "no JAR at ${jar}"
new JarFile(jar).withCloseable { JarFile file ->
    def service = file.getEntry('META-INF/services/io.dicehall.api.GameSystem')
    assert service != null : 'the JAR has no META-INF/services/io.dicehall.api.GameSystem'
    String named = file.getInputStream(service).getText('UTF-8').trim()
    assert file.getEntry(named.replace('.', '/') + '.class') != null : "the service file names ${named}, not in the JAR"
    assert file.entries().toList().every { !it.name.startsWith('io/dicehall/api/') } : 'the JAR contains the API'
}

// 3. The guide: every Java and XML snippet of docs/authoring.md names a file of this project on its first line
// ("// src/main/java/…" or "<!-- pom.xml -->") and is that file's text, in parts separated by elision lines
// ("// …" or "<!-- … -->"), each found in the file in order. The archetype command names this version.
File guide = null
for (File dir = project; dir != null && guide == null; dir = dir.parentFile) {
    File candidate = new File(dir, 'docs/authoring.md')
    if (candidate.isFile() && new File(dir, 'system-archetype').isDirectory()) {
        guide = candidate
    }
}
assert guide != null : "docs/authoring.md not found above ${project}"
String text = guide.getText('UTF-8').replace('\r\n', '\n')
assert text.contains("-DarchetypeVersion=${apiVersion}") : "the guide's archetype command does not name version ${apiVersion}"
def blocks = text =~ /(?ms)^```(java|xml)\n(.*?)^```$/
int checked = 0
blocks.each { block ->
    String language = block[1]
    List<String> lines = block[2].split('\n', -1) as List
    String first = lines[0].trim()
    def path = language == 'java' ? (first =~ /^\/\/ (\S+)$/) : (first =~ /^<!-- (\S+) -->$/)
    assert path.find() : "a ${language} snippet of the guide does not start by naming its file:\n${block[2]}"
    File source = new File(project, path.group(1))
    assert source.isFile() : "the guide quotes ${path.group(1)}, which the archetype does not make"
    String content = source.getText('UTF-8').replace('\r\n', '\n')
    String elision = language == 'java' ? '// …' : '<!-- … -->'
    List<List<String>> parts = [[]]
    lines.drop(1).each { String line -> line.trim() == elision ? parts << [] : parts[-1] << line }
    int from = 0
    parts.each { List<String> part ->
        String piece = part.join('\n').replaceAll(/^\n+|\s+$/, '')
        if (!piece.isEmpty()) {
            int at = content.indexOf(piece, from)
            assert at >= 0 : "the guide's snippet of ${path.group(1)} is not its code (or not in order):\n${piece}"
            from = at + piece.length()
        }
    }
    checked++
}
assert checked > 0 : 'the guide has no code snippet'
println "The guide's ${checked} snippets are the generated project's code"
return true
