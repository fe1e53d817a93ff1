package kubectl

import (
	"errors"
	"fmt"
)

type dryRun int

const (
	dryRunNone dryRun = iota
	dryRunClient
	dryRunServer
)

// getDryRunStrategy is cmdutil.GetDryRunStrategy.
func getDryRunStrategy(fs *flagSet) (dryRun, error) {
	switch v := fs.string("dry-run"); v {
	case "", "none":
		return dryRunNone, nil
	case "client":
		return dryRunClient, nil
	case "server":
		return dryRunServer, nil
	case "unchanged":
		return dryRunNone, errors.New(`--dry-run flag without a value was specified. A value must be set: "none", "server", or "client".`)
	default:
		return dryRunNone, fmt.Errorf(`Invalid dry-run value (%v). Must be "none", "server", or "client".`, v)
	}
}

// suffix is what the name printer adds to the operation.
func (d dryRun) suffix() string {
	switch d {
	case dryRunClient:
		return " (dry run)"
	case dryRunServer:
		return " (server dry run)"
	}
	return ""
}
