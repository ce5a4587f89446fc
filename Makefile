PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run play test bench clean

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/ludoteka serve

# make play: Notre Dame against the computer (GAME=kingsburg for another game); an unfinished
# game in ./saves is offered first. RESUME=FILE resumes that save, RESUME=last the newest.
GAME ?= notre-dame
play: $(STAMP)
	$(BIN)/ludoteka play $(if $(RESUME),--resume $(RESUME),$(GAME) --ask-resume)

# The sources compiled first: with PYTHONDONTWRITEBYTECODE set (as on CI's machines) every
# server and command-line process of the tests would compile them again (about 0.5 s each).
test: $(STAMP)
	$(BIN)/python -m compileall -q -j 0 src
	$(BIN)/python -m pytest -n 2

bench: $(STAMP)
	$(BIN)/ludoteka bench notre-dame --players 4 --seconds 10

clean:
	rm -rf $(VENV) build src/*.egg-info
