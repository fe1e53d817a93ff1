package golden

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The module has one -update flag: no other test registers its own.
func TestOneUpdateFlag(t *testing.T) {
	flagDef := regexp.MustCompile(`\.Bool\("update"`)
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != root) {
			return filepath.SkipDir
		}
		if !strings.HasSuffix(path, ".go") || path == filepath.Join(root, "internal", "golden", "golden.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if flagDef.Match(b) {
			t.Errorf("%s registers a flag -update of its own: use internal/golden's", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
